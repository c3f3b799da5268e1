import { CONSOLE_EVENT_TYPES, type ConsoleChannelEvent } from "./consoleState.js";

/** `connecting`: the first open; `live`: events flow; `reconnecting`: the stream dropped and is being reopened. */
export type ChannelStatus = "connecting" | "live" | "reconnecting";

export interface ConsoleChannelHandlers {
  onEvent(event: ConsoleChannelEvent): void;
  onStatus(status: ChannelStatus): void;
  /** The stream opened again after a drop: changes to older messages may have been missed. */
  onResumed(): void;
}

export interface ConsoleChannelOptions {
  /** The EventSource class (tests pass a fake). */
  EventSource?: typeof EventSource;
  /** Milliseconds before reopening a closed stream, by attempt (1, 2, …). */
  retryDelay?: (attempt: number) => number;
  /**
   * Where the first stream resumes: the last message the caller already has (its snapshot's), so
   * a message sent between the snapshot and the stream's opening still comes.
   */
  lastEventId?: string;
}

/** 1 s, 2 s, 4 s … up to 15 s. */
export const defaultRetryDelay = (attempt: number): number => Math.min(15_000, 1000 * 2 ** (attempt - 1));

/**
 * Opens the console channel (Server-Sent Events) and keeps it open. While the stream keeps the
 * protocol, EventSource reconnects by itself and sends `Last-Event-ID`; when it gives up (the
 * server answered an error, or a proxy closed it for good) the channel opens a new EventSource
 * after a back-off, resuming with `?lastEventId=` (a new EventSource cannot set the header).
 *
 * @example
 * const channel = openConsoleChannel(url, { onEvent, onStatus: setStatus, onResumed: refetch });
 * channel.close();
 */
export function openConsoleChannel(url: string, handlers: ConsoleChannelHandlers, options: ConsoleChannelOptions = {}): { close(): void } {
  const Source = options.EventSource ?? EventSource;
  const retryDelay = options.retryDelay ?? defaultRetryDelay;
  let source: EventSource | undefined;
  let lastEventId = options.lastEventId ?? "";
  let opened = false;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const open = () => {
    const target = lastEventId ? withQuery(url, "lastEventId", lastEventId) : url;
    const current = new Source(target, { withCredentials: !sameOrigin(url) });
    source = current;
    current.onopen = () => {
      attempts = 0;
      handlers.onStatus("live");
      if (opened) handlers.onResumed();
      opened = true;
    };
    current.onerror = () => {
      if (closed || source !== current) return;
      handlers.onStatus(opened ? "reconnecting" : "connecting");
      if (current.readyState !== Source.CLOSED) return; // EventSource retries by itself.
      current.close();
      attempts += 1;
      timer = setTimeout(open, retryDelay(attempts));
    };
    for (const type of CONSOLE_EVENT_TYPES) {
      current.addEventListener(type, (message) => {
        const event = message as MessageEvent<string>;
        if (event.lastEventId) lastEventId = event.lastEventId;
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return; // Not ours to guess at: the next snapshot brings the state back.
        }
        handlers.onEvent({ type, data } as ConsoleChannelEvent);
      });
    }
  };

  handlers.onStatus("connecting");
  open();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      source?.close();
    },
  };
}

function withQuery(url: string, key: string, value: string): string {
  const parsed = new URL(url, location.href);
  parsed.searchParams.set(key, value);
  return parsed.href;
}

const sameOrigin = (url: string) => new URL(url, location.href).origin === location.origin;
