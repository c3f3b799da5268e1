import { exchange, vendorMessage, type RawServiceRequest } from "../serviceCall.js";
import { isNotDoneStatus, isRetryableStatus, onceOnlyError } from "./errors.js";
import { PermanentActionError, RetryableActionError } from "./types.js";

/** A peer's answer: its status and its body (parsed JSON, text, or undefined when empty). */
export interface PeerAnswer<T = unknown> {
  status: number;
  body: T;
}

export interface PeerRequest extends RawServiceRequest {
  /** Error statuses answered like a 2xx, for the caller to read (a 404 "not a member"). */
  allow?: readonly number[];
  /**
   * The service cannot recognise this request when it comes twice (no idempotency key, nothing to
   * look up first): retried only when it surely was not carried out ({@link onceOnlyError}).
   */
  once?: boolean;
}

/**
 * One HTTP call an action makes (the integrations' `exchange`: timeout, redirects not followed).
 * Answers the status and body of a 2xx; throws {@link RetryableActionError} for a network error,
 * a timeout, a 5xx, 408 or 429, and {@link PermanentActionError} for any other answer — both
 * saying `label` and the peer's words. With `once`, a failure that may have come after the work
 * was done (a timeout, a dropped connection, a 500, 502 or 504) is permanent instead.
 *
 * @example
 * const { status } = await callPeer("Twilio", url, { form: { To, From, Body } }); // 201
 */
export async function callPeer<T = unknown>(label: string, url: string, request: PeerRequest = {}): Promise<PeerAnswer<T>> {
  const outcome = await exchange(label, url, request);
  if (outcome.kind === "unreachable") {
    throw request.once ? onceOnlyError(outcome.message, outcome.neverSent) : new RetryableActionError(outcome.message);
  }
  if (outcome.kind === "redirect") throw new PermanentActionError(outcome.message);
  if (!outcome.ok && !request.allow?.includes(outcome.status)) {
    const words = `${label} answered HTTP ${outcome.status}${withWords(vendorMessage(outcome.body))}`;
    if (!isRetryableStatus(outcome.status)) throw new PermanentActionError(words);
    throw request.once ? onceOnlyError(words, isNotDoneStatus(outcome.status)) : new RetryableActionError(words);
  }
  return { status: outcome.status, body: outcome.body as T };
}

const withWords = (words: string | undefined) => (words ? `: ${words}` : "");
