import { ENCODING_STATUS } from "../constants.js";
import { sleep } from "./backoff.js";

export interface PollContext {
  fetch: typeof fetch;
  headers: () => Record<string, string>;
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
    const reply = await ctx
      .fetch(url, { headers: ctx.headers(), signal })
      .then((response) => (response.ok ? (response.json() as Promise<MediaStatusReply>) : undefined))
      .catch(() => undefined);
    if (signal.aborted) break;
    if (reply?.ready) return true;
    if (reply?.status === ENCODING_STATUS.failed) throw new Error("The media could not be processed.");
    failures = reply ? 0 : failures + 1;
    if (failures > ctx.retries) throw new Error("The media status could not be checked.");
    await sleep(ctx.interval, signal);
  }
  return false;
}
