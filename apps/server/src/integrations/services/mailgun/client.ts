import Mailgun from "mailgun.js";
import { isNotDoneStatus, isRetryableStatus, onceOnlyError } from "../../actions/errors.js";
import { PermanentActionError } from "../../actions/types.js";
import type { ServiceContext } from "../types.js";
import { serviceTimeoutMs } from "../../endpoints.js";
import { neverSent, ServiceError } from "../../serviceCall.js";

/** Mailgun's API host per region (the catalogue's `accountType`: `us`, `eu`). */
export const MAILGUN_HOSTS = { us: "https://api.mailgun.net", eu: "https://api.eu.mailgun.net" } as const;

/** A sending domain as Mailgun names them (the catalogue's `domain` format checks it on save too). */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export type MailgunClient = ReturnType<Mailgun["client"]>;

export interface MailgunAccount {
  client: MailgunClient;
  domain: string;
}

/**
 * The official client (`mailgun.js`) for the integration's credentials: HTTP Basic `api:<key>`,
 * the region's host rebased by `CUEPOINT_MAILGUN_BASE_URL`, the integrations' timeout. Node's own
 * FormData encodes the multipart bodies. Answers undefined (with the field to fix) when the
 * credentials are incomplete.
 */
export function mailgunAccount(ctx: ServiceContext): MailgunAccount | { missing: string } {
  const key = ctx.credentials.api_key?.trim() ?? "";
  const domain = ctx.credentials.domain?.trim().toLowerCase() ?? "";
  if (!key) return { missing: "api_key" };
  if (!DOMAIN.test(domain)) return { missing: "domain" };
  const region = ctx.credentials.accountType === "eu" ? "eu" : "us";
  const client = new Mailgun(FormData).client({
    username: "api",
    key,
    url: ctx.url(MAILGUN_HOSTS[region]),
    timeout: serviceTimeoutMs(),
  });
  return { client, domain };
}

/** What `mailgun.js` throws: an APIError with the HTTP status and Mailgun's words in `details`. */
interface MailgunFailure {
  status?: number;
  details?: unknown;
  message?: string;
  code?: string;
}

/** Mailgun's words from a failure: its `message`, else the status text. */
function words(failure: MailgunFailure): string {
  const details = typeof failure.details === "string" ? failure.details.trim() : "";
  return details || failure.message?.trim() || "no answer";
}

/** A system error code (ECONNREFUSED, ECONNABORTED for a timeout, ERR_…), which mailgun.js puts in `message`. */
const SYSTEM_CODE = /^(E[A-Z]+|ERR_[A-Z_]+)$/;

/**
 * Mailgun's HTTP status, or undefined for a failure before any answer: mailgun.js reports a
 * refused connection or a timeout as status 400 with the system code as its message.
 */
const statusOf = (failure: MailgunFailure): number | undefined =>
  typeof failure.status === "number" && failure.status >= 400 && !SYSTEM_CODE.test(failure.message ?? "") ? failure.status : undefined;

/** A failure of a check or a list read: refused (422) with Mailgun's words, or unreachable (502). */
export function mailgunServiceError(error: unknown): ServiceError {
  const failure = (error ?? {}) as MailgunFailure;
  const status = statusOf(failure);
  if (status === undefined) return new ServiceError(`Mailgun could not be reached (${words(failure)}).`, "unreachable");
  return new ServiceError(`Mailgun answered: ${words(failure)}`, status >= 500 ? "unreachable" : "refused", status);
}

/**
 * A failure of a send, in Mailgun's words. Mailgun takes no idempotency key, so a send is retried
 * only when it surely was not accepted (`onceOnlyError`: a connection that never opened, 408,
 * 429, 503); after a timeout, a dropped connection or another 5xx it fails and says it may have
 * gone out. Any other refusal is permanent.
 */
export function mailgunActionError(error: unknown): Error {
  const failure = (error ?? {}) as MailgunFailure;
  const status = statusOf(failure);
  if (status === undefined) {
    const code = failure.code ?? (SYSTEM_CODE.test(failure.message ?? "") ? failure.message : undefined);
    return onceOnlyError(`Mailgun could not be reached (${words(failure)}).`, neverSent(code));
  }
  const message = `Mailgun answered HTTP ${status}: ${words(failure)}`;
  return isRetryableStatus(status) ? onceOnlyError(message, isNotDoneStatus(status)) : new PermanentActionError(message);
}
