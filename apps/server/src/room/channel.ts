import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { HttpError } from "../http/errors.js";
import type { ChannelSink } from "./presence.js";
import type { PresenceKind, RoomHub } from "./roomHub.js";
import type { RoomState } from "./roomState.js";
import { lastEventIdOf } from "./sse.js";

/** The position a stream resumes after: `Last-Event-ID`, else `?lastEventId=` (a reopened EventSource). */
export const resumeOf = (c: Context): number | null => lastEventIdOf(c.req.header("last-event-id"), c.req.query("lastEventId"));

/**
 * An SSE response whose stream is handed to `open` as a sink; it ends when the browser goes (the
 * stream is cancelled), or when the hub closes it (server stopping, registrant banned).
 */
function streamTo(c: Context, hub: RoomHub, open: (sink: ChannelSink) => Promise<() => unknown>): Response {
  if (hub.stopped) throw new HttpError(503, "The server is restarting. Try again in a moment.");
  c.header("X-Accel-Buffering", "no");
  c.header("X-Content-Type-Options", "nosniff");
  return streamSSE(c, async (stream) => {
    let end = () => {};
    const ended = new Promise<void>((resolve) => (end = resolve));
    stream.onAbort(end);
    const leave = await open({
      write: (text) => (stream.closed || stream.aborted ? Promise.resolve() : stream.write(text).catch(() => undefined)),
      close: end,
    });
    if (stream.aborted) end();
    await ended;
    await leave();
  });
}

/**
 * The room's event stream for one browser: presence starts when it opens and ends when the browser
 * goes, the server stops or the registrant is banned (`bye` first). The chat resumes after
 * `Last-Event-ID`.
 */
export function streamChannel(c: Context, hub: RoomHub, room: RoomState, kind: PresenceKind): Response {
  const after = resumeOf(c);
  return streamTo(c, hub, (sink) => hub.open(room, kind, sink, after));
}

/** The host console's event stream of one event of the caller's account (resumes after `Last-Event-ID`). */
export function streamConsole(c: Context, hub: RoomHub, target: { accountId: string; eventId: string }): Response {
  const after = resumeOf(c);
  return streamTo(c, hub, (sink) => hub.openConsole(target, sink, after));
}
