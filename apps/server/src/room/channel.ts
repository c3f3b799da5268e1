import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { HttpError } from "../http/errors.js";
import type { PresenceKind, RoomHub } from "./roomHub.js";
import type { RoomState } from "./roomState.js";

/**
 * The room's event stream for one browser: presence starts when it opens and ends when the browser
 * goes (the stream is cancelled) or the server stops (the hub closes it).
 */
export function streamChannel(c: Context, hub: RoomHub, room: RoomState, kind: PresenceKind): Response {
  if (hub.stopped) throw new HttpError(503, "The server is restarting. Try again in a moment.");
  c.header("X-Accel-Buffering", "no");
  c.header("X-Content-Type-Options", "nosniff");
  return streamSSE(c, async (stream) => {
    let end = () => {};
    const ended = new Promise<void>((resolve) => (end = resolve));
    stream.onAbort(end);
    const leave = await hub.open(room, kind, {
      write: (text) => (stream.closed || stream.aborted ? Promise.resolve() : stream.write(text)),
      close: end,
    });
    if (stream.aborted) end();
    await ended;
    await leave();
  });
}
