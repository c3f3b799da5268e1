import { SESv2Client, SESv2ServiceException } from "@aws-sdk/client-sesv2";
import { isNotDoneStatus, isRetryableStatus, onceOnlyError } from "../../actions/errors.js";
import { PermanentActionError } from "../../actions/types.js";
import { serviceTimeoutMs } from "../../endpoints.js";
import { neverSent, ServiceError } from "../../serviceCall.js";
import type { ServiceContext } from "../types.js";

/** An AWS region code (us-east-1, eu-central-2, us-gov-west-1, ap-southeast-5…). */
const REGION = /^[a-z]{2}(-[a-z]+)+-\d{1,2}$/;

/** The field a person must fix when the credentials are incomplete. */
export type MissingField = "aws_access_key_id" | "aws_secret_access_key" | "aws_region";

const FIELD_WORDS: Record<MissingField, string> = {
  aws_access_key_id: "the access key ID",
  aws_secret_access_key: "the secret access key",
  aws_region: "the region (such as us-east-1)",
};

export const missingWords = (field: MissingField): string => FIELD_WORDS[field];

/**
 * The official SES API v2 client (`@aws-sdk/client-sesv2`) for the integration's keys: the
 * region's endpoint `https://email.{region}.amazonaws.com`, rebased by
 * `CUEPOINT_AMAZONSES_BASE_URL`, requests signed by the SDK (SigV4, service `ses`), the
 * integrations' timeout to connect (and per call, `sendOptions`), and no retries of its own
 * (`maxAttempts: 1`): the engine decides what is retried.
 */
export function sesClient(ctx: ServiceContext): SESv2Client | { missing: MissingField } {
  const accessKeyId = ctx.credentials.aws_access_key_id?.trim() ?? "";
  const secretAccessKey = ctx.credentials.aws_secret_access_key?.trim() ?? "";
  const region = ctx.credentials.aws_region?.trim().toLowerCase() ?? "";
  if (!accessKeyId) return { missing: "aws_access_key_id" };
  if (!secretAccessKey) return { missing: "aws_secret_access_key" };
  if (!REGION.test(region)) return { missing: "aws_region" };
  const timeout = serviceTimeoutMs();
  return new SESv2Client({
    region,
    endpoint: ctx.url(`https://email.${region}.amazonaws.com`),
    credentials: { accessKeyId, secretAccessKey },
    maxAttempts: 1,
    requestHandler: { connectionTimeout: timeout },
  });
}

/** Amazon SES's HTTP status and words, or undefined for a failure before any answer. */
function answerOf(error: unknown): { status: number; words: string } | undefined {
  if (!(error instanceof SESv2ServiceException)) return undefined;
  const status = error.$metadata.httpStatusCode;
  if (status === undefined) return undefined;
  const words = error.message && error.message !== "UnknownError" ? error.message : `HTTP ${status}`;
  return { status, words: error.name && error.name !== "Error" && !words.startsWith(error.name) ? `${words} (${error.name})` : words };
}

/** A failure before any answer: the call's own time limit, or the network. */
function unreachable(error: unknown): string {
  const name = (error as Error | undefined)?.name;
  if (name === "AbortError" || name === "TimeoutError") return "Amazon SES did not answer in time.";
  return `Amazon SES could not be reached (${(error as { code?: string }).code ?? (error as Error).message ?? String(error)}).`;
}

/**
 * The per-call options of `client.send`: the integrations' time limit as an abort signal (the
 * request handler's own `requestTimeout` only logs a warning when it passes).
 */
export const sendOptions = () => ({ abortSignal: AbortSignal.timeout(serviceTimeoutMs()) });

/** A failure of a check: refused (422) in Amazon SES's words, or unreachable (502). */
export function sesServiceError(error: unknown): ServiceError {
  const answer = answerOf(error);
  if (!answer) return new ServiceError(unreachable(error), "unreachable");
  return new ServiceError(`Amazon SES answered: ${answer.words}`, answer.status >= 500 ? "unreachable" : "refused", answer.status);
}

/**
 * A failure of a send, in Amazon SES's words. SES takes no idempotency key, so a send is retried
 * only when it surely was not accepted (`onceOnlyError`: a connection that never opened, 408,
 * 429 throttling, 503); after a timeout or another 5xx it fails and says it may have gone out.
 * Any other refusal is permanent.
 */
export function sesActionError(error: unknown): Error {
  const answer = answerOf(error);
  if (!answer) return onceOnlyError(unreachable(error), neverSent((error as { code?: string } | undefined)?.code));
  const message = `Amazon SES answered HTTP ${answer.status}: ${answer.words}`;
  return isRetryableStatus(answer.status) ? onceOnlyError(message, isNotDoneStatus(answer.status)) : new PermanentActionError(message);
}
