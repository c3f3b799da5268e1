import type { Context } from "hono";
import { HttpError } from "../http/errors.js";
import type { ChannelSink, PresenceKind, RoomHub } from "./hub/roomHub.js";
import type { RoomState } from "./roomState.js";
import { lastEventIdOf } from "./sse.js";

/** The position a stream resumes after: `Last-Event-ID`, else `?lastEventId=` (a reopened EventSource). */
export const resumeOf = (c: Context): number | null => lastEventIdOf(c.req.header("last-event-id"), c.req.query("lastEventId"));

const encoder = new TextEncoder();
/** The bytes of the texts written lately: a fan-out writes one text to 10,000 streams, encoded once. */
const recent = new Map<string, Uint8Array>();
function encoded(text: string): Uint8Array {
  let bytes = recent.get(text);
  if (!bytes) {
    if (recent.size >= 16) recent.delete(recent.keys().next().value as string);
    recent.set(text, (bytes = encoder.encode(text)));
  }
  return bytes;
}

/**
 * Bytes a channel may hold for a browser that reads slower than the room writes; past them the
 * channel is closed, and the browser's EventSource reconnects and resumes after `Last-Event-ID`
 * (a stalled phone never makes the server hold a room's traffic for it).
 */
const MAX_QUEUED_BYTES = 2 * 1024 * 1024;
const written = Promise.resolve();

/**
 * A channel's body and the sink the hub writes into: a plain ReadableStream the sink enqueues
 * into (a fan-out to 10,000 channels is 10,000 synchronous enqueues of one encoded text, not
 * 10,000 writer round trips). `ended` settles when the browser goes (the stream is cancelled) or
 * the sink is closed — by the hub, or because the browser let more than `maxQueuedBytes` pile up.
 *
 * @example
 * const { body, sink, ended } = channelStream();
 * sink.write("data: hello\n\n");
 */
export function channelStream(maxQueuedBytes = MAX_QUEUED_BYTES): { body: ReadableStream<Uint8Array>; sink: ChannelSink; ended: Promise<void> } {
  let end = () => {};
  const ended = new Promise<void>((resolve) => (end = resolve));
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let live = true;
  const finish = () => {
    if (!live) return;
    live = false;
    try {
      controller?.close(); // what is queued is still sent
    } catch {
      // already closed by the browser's going
    }
    end();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start: (started) => void (controller = started),
      cancel: () => {
        live = false;
        end();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: maxQueuedBytes }),
  );
  const sink: ChannelSink = {
    write(text) {
      if (!live || !controller) return written;
      if ((controller.desiredSize ?? 0) <= 0) finish();
      else controller.enqueue(encoded(text));
      return written;
    },
    close: finish,
  };
  return { body, sink, ended };
}

/**
 * An SSE response whose stream ({@link channelStream}) is handed to `open` as a sink; it ends when
 * the browser goes, or when the hub closes it (server stopping, registrant banned).
 */
function streamTo(c: Context, hub: RoomHub, open: (sink: ChannelSink) => Promise<() => unknown>): Response {
  if (hub.stopped) throw new HttpError(503, "The server is restarting. Try again in a moment.");
  const { body, sink, ended } = channelStream();
  void (async () => {
    try {
      const leave = await open(sink);
      await ended;
      await leave();
    } catch (error) {
      console.error("A room channel could not be opened:", error);
      sink.close();
    }
  })();
  c.header("Content-Type", "text/event-stream");
  c.header("Cache-Control", "no-cache");
  c.header("Connection", "keep-alive");
  c.header("X-Accel-Buffering", "no");
  c.header("X-Content-Type-Options", "nosniff");
  return c.body(body);
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
