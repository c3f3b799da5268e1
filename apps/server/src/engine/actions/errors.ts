import { HttpError } from "../../http/errors.js";
import { ServiceError } from "../../integrations/serviceCall.js";
import { PermanentActionError, RetryableActionError } from "./types.js";

/** HTTP answers worth another try: the peer's own failure, overload, or "too many requests". */
export const isRetryableStatus = (status: number): boolean => status >= 500 || status === 429 || status === 408;

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
