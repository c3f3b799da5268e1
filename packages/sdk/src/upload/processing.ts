import type { ENCODING_STATUS } from "../constants.js";
import { sleep } from "./backoff.js";

/** `GET url` with the bearer token: the reply's JSON, or undefined on any failure (network, non-2xx, not JSON). */
export type GetJSON = <T>(url: string, signal: AbortSignal) => Promise<T | undefined>;

export interface PollContext {
  getJSON: GetJSON;
  /** Milliseconds between two questions. */
  interval: number;
  /** Failed questions in a row (network, non-2xx, unreadable reply) tolerated before giving up. */
  retries: number;
}

/** The media status reply: `ready`, and the encoding status code of §9 (0 encoded … 5 failed). */
interface MediaStatusReply {
  ready?: boolean;
  status?: number;
}

/**
 * The processing phase: asks `GET url` until it answers `{ ready: true }`. Resolves true when
 * ready, false when `signal` aborts; rejects when the server reports encoding status 5 (failed) or
 * stops answering.
 */
export async function waitUntilReady(ctx: PollContext, url: string, signal: AbortSignal): Promise<boolean> {
  for (let failures = 0; !signal.aborted; ) {
    const reply = await ctx.getJSON<MediaStatusReply>(url, signal);
    if (signal.aborted) break;
    if (reply?.ready) return true;
    if (reply?.status === (5 satisfies (typeof ENCODING_STATUS)["failed"])) throw new Error("The media could not be processed.");
    failures = reply ? 0 : failures + 1;
    if (failures > ctx.retries) throw new Error("The media status could not be checked.");
    await sleep(ctx.interval, signal);
  }
  return false;
}
