import type { ConsoleApi } from "../consoleApi.js";
import type { ConsoleAction, ConsoleEvent, ConsoleMessage, ConsoleSnapshot, PresentAttendee } from "../types.js";

/*
 * Test support of the console's unit tests: snapshots and messages as the contract shapes them, a
 * fake server behind the ConsoleApi interface (it records calls), and a fake EventSource the test
 * drives (open, events, drops).
 */

export const T0 = Date.UTC(2026, 10, 25, 15, 0, 0);

export const event = (fields: Partial<ConsoleEvent> = {}): ConsoleEvent => ({
  id: "ev-1",
  title: "Spring launch",
  subject: "Spring launch live",
  timelineId: "tl-1",
  startsAt: T0,
  endsAt: T0 + 3_600_000,
  phase: "live",
  control: "automatic",
  startedAt: null,
  endedAt: null,
  ...fields,
});

export const attendee = (id: string, name: string, sinceSecondsAgo = 120, now = T0 + 600_000): PresentAttendee => ({
  registrantId: id,
  name,
  email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
  since: now - sinceSecondsAgo * 1000,
  seconds: sinceSecondsAgo,
});

let seq = 0;
export const message = (fields: Partial<ConsoleMessage> = {}): ConsoleMessage => {
  seq += 1;
  return {
    id: `m-${seq}`,
    seq,
    from: "attendee",
    name: "Ann Attendee",
    body: `Question ${seq}?`,
    sentAt: T0 + seq * 1000,
    replyTo: null,
    registrantId: "r-ann",
    email: "ann@example.com",
    toAll: false,
    toRegistrantId: null,
    muted: false,
    answeredAt: null,
    deletedAt: null,
    emailed: false,
    sentBy: null,
    ...fields,
  };
};

export const snapshot = (fields: Partial<ConsoleSnapshot> = {}): ConsoleSnapshot => ({
  serverNow: T0 + 600_000,
  event: event(),
  chat: { enabled: true, mode: "private", canned: [] },
  present: [attendee("r-ann", "Ann Attendee"), attendee("r-bob", "Bob Viewer", 30)],
  simulated: 250,
  messages: [],
  muted: [],
  actions: [],
  stats: { messages: 0, questions: 0, answered: 0, ctaViews: 0, ctaClicks: 0, pushes: 0 },
  ...fields,
});

export const action = (fields: Partial<ConsoleAction> = {}): ConsoleAction => ({
  id: `a-${++seq}`,
  kind: "cta",
  at: T0 + 60_000,
  by: "Rita Host",
  detail: { headline: "Half price today" },
  ...fields,
});

export interface FakeServer {
  api: ConsoleApi;
  calls: Array<[string, ...unknown[]]>;
  current: ConsoleSnapshot;
}

/** A ConsoleApi that answers from `current` and records every call. */
export function fakeServer(initial: ConsoleSnapshot, overrides: Partial<ConsoleApi> = {}): FakeServer {
  const server: FakeServer = { calls: [], current: initial, api: undefined as unknown as ConsoleApi };
  const record = (name: string, ...args: unknown[]) => void server.calls.push([name, ...args]);
  server.api = {
    get: async (id) => (record("get", id), structuredClone(server.current)),
    send: async (id, body) => {
      record("send", id, body);
      const left = !body.toAll && !server.current.present.some((p) => p.registrantId === body.toRegistrantId);
      return message({
        from: "host",
        name: "Rita Host",
        body: body.body,
        registrantId: null,
        email: null,
        toAll: body.toAll,
        toRegistrantId: body.toRegistrantId ?? null,
        replyTo: body.replyTo ?? null,
        emailed: left,
        sentBy: "Rita Host",
      });
    },
    answer: async (id, messageId, answered) => {
      record("answer", id, messageId, answered);
      const m = server.current.messages.find((x) => x.id === messageId)!;
      return { ...m, answeredAt: answered ? T0 + 700_000 : null };
    },
    deleteMessage: async (...args) => record("deleteMessage", ...args),
    mute: async (...args) => record("mute", ...args),
    ban: async (...args) => record("ban", ...args),
    push: async (id, body) => (record("push", id, body), action({ kind: body.kind, detail: body.kind === "cta" ? body.cta : { subject: body.subject } })),
    start: async (id) => (record("start", id), { ...server.current.event, startedAt: T0 + 600_000, phase: "live" }),
    end: async (id) => (record("end", id), { ...server.current.event, endedAt: T0 + 900_000, phase: "ended" }),
    channelUrl: (id) => `http://localhost:3000/api/webinars/${id}/console/channel`,
    ...overrides,
  };
  return server;
}

type Listener = (event: MessageEvent<string>) => void;

/** An EventSource the test drives; `FakeEventSource.instances` lists every one opened. */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, Listener[]>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = 2;
  }
  /** The server answered: the stream is open. */
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  /** One event of the stream, as `event: type`, `id:`, `data:` JSON. */
  emit(type: string, data: unknown, id = "") {
    const event = new MessageEvent(type, { data: typeof data === "string" ? data : JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** The stream dropped: `retrying` as EventSource does by itself, else closed for good. */
  drop(retrying: boolean) {
    this.readyState = retrying ? 0 : 2;
    this.onerror?.();
  }
  static last(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error("no EventSource was opened");
    return source;
  }
}

export const fakeEventSource = FakeEventSource as unknown as typeof EventSource;
