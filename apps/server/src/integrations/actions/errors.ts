import { HttpError } from "../../http/errors.js";
import { ServiceError } from "../serviceCall.js";
import { PermanentActionError, RetryableActionError } from "./types.js";

/** HTTP answers worth another try: the peer's own failure, overload, or "too many requests". */
export const isRetryableStatus = (status: number): boolean => status >= 500 || status === 429 || status === 408;

/**
 * HTTP answers that say the request was not carried out (RFC 9110: 408 the server gave up before
 * the request arrived, 429 too many requests, 503 unavailable): another try cannot do it twice.
 * A 500, 502 or 504 may come after the work was done.
 */
export const isNotDoneStatus = (status: number): boolean => status === 408 || status === 429 || status === 503;

/**
 * The failure of a request the service cannot recognise when it comes again (an SMS, a mail sent
 * through an API, a goal achieved): retried only when the request surely was not carried out
 * (`notDone`: never sent, or an answer of {@link isNotDoneStatus}); otherwise it fails for good
 * and says why, so the host can look and re-send it rather than the registrant getting it twice.
 *
 * @example
 * onceOnlyError("Twilio did not answer in time.", false); // PermanentActionError "… It may have been carried out …"
 */
export function onceOnlyError(message: string, notDone: boolean): Error {
  if (notDone) return new RetryableActionError(message);
  const sentence = /[.!?]$/.test(message) ? message : `${message}.`;
  return new PermanentActionError(`${sentence} It may have been carried out all the same, so it is not tried again: a second try could do it twice.`);
}

/**
 * An error from the integration layer as the scheduler needs it: retry later (network, timeout,
 * 5xx, 429) or give up (the service refused, the integration is gone). Action errors pass through;
 * anything unknown is re-thrown as is (a bug is neither).
 *
 * @example
 * asActionError(new ServiceError("Mailchimp answered: HTTP 503", "unreachable", 503)); // RetryableActionError
 */
export function asActionError(error: unknown): unknown {
  if (error instanceof RetryableActionError || error instanceof PermanentActionError) return error;
  if (error instanceof ServiceError) {
    const retry = error.reason === "unreachable" || (error.status !== undefined && isRetryableStatus(error.status));
    return retry ? new RetryableActionError(error.message) : new PermanentActionError(error.message);
  }
  if (error instanceof HttpError) return new PermanentActionError(error.message);
  return error;
}

/** Runs a step and turns integration-layer errors into action errors (see {@link asActionError}). */
export async function asAction<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw asActionError(error);
  }
}
