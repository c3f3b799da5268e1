import type { Readable } from "node:stream";

/** Bytes of a request body read ahead of its consumer (network pieces waiting to be hashed and written). */
export const READ_AHEAD_BYTES = 8 * 1024 * 1024;

/**
 * The pieces of a Node stream (an `IncomingMessage`), read ahead of the consumer up to `ahead`
 * bytes. The web stream Hono makes of a Node request holds 16 KiB, so the socket is paused and
 * resumed for every network piece and the sender waits each time; reading ahead lets the network,
 * the SHA-256 and the disk work at once. Memory stays at `ahead` plus one piece. When the consumer
 * stops early, the rest is left to the server (@hono/node-server drains or closes it).
 *
 * @example
 * for await (const piece of readAhead(incoming)) hash.update(piece);
 */
export async function* readAhead(source: Readable, ahead = READ_AHEAD_BYTES): AsyncGenerator<Buffer> {
  const queue: Buffer[] = [];
  let queued = 0;
  let ended = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const onData = (piece: Buffer) => {
    queue.push(piece);
    queued += piece.length;
    if (queued >= ahead) source.pause();
    wake?.();
  };
  const onEnd = () => {
    ended = true;
    wake?.();
  };
  const onError = (error: Error) => {
    failure ??= error;
    wake?.();
  };
  const onClose = () => onError(new Error("The request ended before its body did."));
  source.on("data", onData);
  source.on("end", onEnd);
  source.on("error", onError);
  source.on("close", onClose);
  try {
    for (;;) {
      const piece = queue.shift();
      if (piece) {
        queued -= piece.length;
        if (source.isPaused() && queued < ahead / 2) source.resume();
        yield piece;
      } else if (ended) return;
      else if (failure) throw failure;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    source.off("data", onData);
    source.off("end", onEnd);
    source.off("error", onError);
    source.off("close", onClose);
    source.pause();
  }
}
