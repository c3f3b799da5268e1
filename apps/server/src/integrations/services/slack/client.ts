import {
  LogLevel,
  WebAPIHTTPError,
  WebAPIPlatformError,
  WebAPIRateLimitedError,
  WebAPIRequestError,
  WebClient,
  type Logger,
} from "@slack/web-api";
import { serviceTimeoutMs } from "../../endpoints.js";
import { ServiceError } from "../../serviceCall.js";
import type { ServiceContext } from "../types.js";

/** Slack's client logs through its own console logger; the delivery log already says what happened. */
const quiet: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  setLevel: () => {},
  getLevel: () => LogLevel.ERROR,
  setName: () => {},
};

/**
 * Slack's official client for one integration: the bot token of its OAuth connection, the API
 * origin rebased by `CUEPOINT_SLACK_BASE_URL` (`slackApiUrl`), the server's timeout, and none of
 * the client's own retries or rate-limit waits — the engine retries a job with its backoff, and a
 * route answers at once.
 *
 * @example
 * const slack = await slackClient(ctx);
 * await slack.auth.test();
 */
export async function slackClient(ctx: ServiceContext): Promise<WebClient> {
  return new WebClient(await ctx.accessToken(), {
    slackApiUrl: ctx.url("https://slack.com/api/"),
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: serviceTimeoutMs(),
    logger: quiet,
  });
}

/** Slack's error codes whose meaning is "try again later" (https://docs.slack.dev/apis/web-api/#errors). */
const TRANSIENT = new Set(["internal_error", "fatal_error", "service_unavailable", "request_timeout", "ratelimited"]);

/** A few codes a host can act on, said in words after Slack's own code. */
const HINTS: Record<string, string> = {
  not_in_channel: "invite the Cuepoint app to the channel",
  channel_not_found: "the channel was deleted or the app cannot see it; pick the channel again",
  is_archived: "the channel is archived",
  invalid_auth: "connect Slack again",
  token_revoked: "connect Slack again",
  account_inactive: "connect Slack again",
  missing_scope: "connect Slack again to grant the permissions Cuepoint asks for",
};

/**
 * A Slack client error as the integration layer says it: `refused` (Slack answered `ok: false`
 * with a code, or a 4xx) or `unreachable` (network, timeout, 5xx, rate limit, Slack's own
 * failure), in Slack's words ("Slack answered: not_in_channel (invite the Cuepoint app…)").
 * Anything else (a bug) is passed on unchanged.
 */
export function slackError(error: unknown): unknown {
  if (error instanceof ServiceError) return error;
  if (error instanceof WebAPIPlatformError) {
    const code = error.data.error;
    const hint = HINTS[code];
    return new ServiceError(`Slack answered: ${code}${hint ? ` (${hint})` : ""}`, TRANSIENT.has(code) ? "unreachable" : "refused");
  }
  if (error instanceof WebAPIRateLimitedError) {
    return new ServiceError(`Slack asked to slow down (retry after ${error.retryAfter} s).`, "unreachable", 429);
  }
  if (error instanceof WebAPIHTTPError) {
    const status = error.statusCode;
    const retry = status >= 500 || status === 408 || status === 429;
    return new ServiceError(`Slack answered HTTP ${status}${error.statusMessage ? ` ${error.statusMessage}` : ""}`, retry ? "unreachable" : "refused", status);
  }
  if (error instanceof WebAPIRequestError) {
    const original = error.original as Error & { cause?: { code?: string } };
    const timedOut = original.name === "TimeoutError" || original.name === "AbortError";
    const cause = original.cause?.code;
    return new ServiceError(timedOut ? "Slack did not answer in time." : `Slack could not be reached${cause ? ` (${cause})` : ""}.`, "unreachable");
  }
  return error;
}

/** Runs a Slack call and turns the client's errors into {@link ServiceError}s. */
export async function slackCall<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw slackError(error);
  }
}
