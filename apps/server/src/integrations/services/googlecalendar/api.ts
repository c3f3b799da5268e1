import { calendar, type calendar_v3 } from "@googleapis/calendar";
import { isRetryableStatus } from "../../actions/errors.js";
import { PermanentActionError, RetryableActionError } from "../../actions/types.js";
import { serviceTimeoutMs } from "../../endpoints.js";
import { ServiceError, vendorMessage } from "../../serviceCall.js";
import type { ServiceContext } from "../types.js";

/**
 * Google's own Calendar v3 client (`@googleapis/calendar`), pointed at `rootUrl` =
 * `https://www.googleapis.com/` rebased by `CUEPOINT_GOOGLECALENDAR_BASE_URL`, sent with the
 * integration's OAuth token. Set up the way every other service call is: no retries of its own
 * (the engine retries, only where safe), the integrations' timeout, redirects not followed.
 */
export async function calendarApi(service: ServiceContext): Promise<calendar_v3.Calendar> {
  const token = await service.accessToken();
  return calendar({
    version: "v3",
    rootUrl: service.url("https://www.googleapis.com/"),
    headers: { authorization: `Bearer ${token}` },
    retry: false,
    timeout: serviceTimeoutMs(),
    fetchImplementation: (input, init) => fetch(input, { ...init, redirect: "manual" }),
  });
}

/** What a failed call came to: Google's status and words, or no answer at all. */
export type GoogleFailure =
  | { kind: "answer"; status: number; words: string }
  | { kind: "unreachable"; words: string };

/** Reads an error thrown by the client (a GaxiosError: `response` when Google answered). */
export function googleFailure(label: string, error: unknown): GoogleFailure {
  const failed = error as { response?: { status?: number; data?: unknown; headers?: Headers }; code?: unknown; name?: string; message?: string };
  const status = failed.response?.status;
  if (typeof status === "number") {
    if (status >= 300 && status < 400) {
      const location = failed.response?.headers?.get?.("location") ?? "another address";
      return { kind: "answer", status, words: `a redirect to ${location}` };
    }
    return { kind: "answer", status, words: vendorMessage(failed.response?.data) ?? `HTTP ${status}` };
  }
  const timedOut = [failed.code, failed.name].includes("TimeoutError") || /timeout|timed out/i.test(failed.message ?? "");
  if (timedOut) return { kind: "unreachable", words: `${label} did not answer in time.` };
  const code = typeof failed.code === "string" && failed.code ? ` (${failed.code})` : "";
  return { kind: "unreachable", words: `${label} could not be reached${code}.` };
}

/** A call made for a route (check, lists): Google's refusal becomes a ServiceError (422 / 502). */
export async function forRoute<T>(service: ServiceContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    const failure = googleFailure(service.label, error);
    if (failure.kind === "unreachable") throw new ServiceError(failure.words, "unreachable");
    const reason = failure.status >= 500 ? "unreachable" : "refused";
    throw new ServiceError(`${service.label} answered: ${failure.words}`, reason, failure.status);
  }
}

/**
 * A call made for an action: network errors, timeouts, 5xx, 408 and 429 are retryable, any other
 * refusal permanent, in Google's words. `answers` gives the outcome of statuses the caller
 * expects (a 409 for an id already taken).
 */
export async function forAction<T>(label: string, call: () => Promise<T>, answers: Readonly<Record<number, T>> = {}): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const failure = googleFailure(label, error);
    if (failure.kind === "unreachable") throw new RetryableActionError(failure.words);
    if (Object.hasOwn(answers, failure.status)) return answers[failure.status] as T;
    const words = `${label} answered HTTP ${failure.status}: ${failure.words}`;
    throw isRetryableStatus(failure.status) ? new RetryableActionError(words) : new PermanentActionError(words);
  }
}
