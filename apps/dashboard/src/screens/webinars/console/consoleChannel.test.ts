import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openConsoleChannel, type ChannelStatus } from "./consoleChannel.js";
import type { ConsoleChannelEvent } from "./consoleState.js";
import { FakeEventSource, fakeEventSource, message } from "./test-support/consoleFixtures.js";

const URL_ = "http://localhost:3000/api/webinars/ev-1/console/channel";

function open() {
  const events: ConsoleChannelEvent[] = [];
  const statuses: ChannelStatus[] = [];
  let resumed = 0;
  const channel = openConsoleChannel(
    URL_,
    { onEvent: (e) => events.push(e), onStatus: (s) => statuses.push(s), onResumed: () => (resumed += 1) },
    { EventSource: fakeEventSource, retryDelay: (attempt) => attempt * 1000 },
  );
  return { channel, events, statuses, resumed: () => resumed };
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe("the console channel", () => {
  it("passes the stream's events on, parsed, and skips one it cannot read", () => {
    const { events, statuses } = open();
    const source = FakeEventSource.last();
    expect(source.url).toBe(URL_);
    source.open();
    const m = message();
    source.emit("message", m, String(m.seq));
    source.emit("message", "{not json");
    source.emit("presence", { present: [], simulated: null });
    expect(events).toEqual([
      { type: "message", data: m },
      { type: "presence", data: { present: [], simulated: null } },
    ]);
    expect(statuses).toEqual(["connecting", "live"]);
  });

  it("says reconnecting while EventSource retries by itself (Last-Event-ID), and asks for a resync once back", () => {
    const { statuses, resumed } = open();
    const source = FakeEventSource.last();
    source.open();
    source.drop(true);
    expect(statuses.at(-1)).toBe("reconnecting");
    expect(FakeEventSource.instances).toHaveLength(1);
    source.open();
    expect(statuses.at(-1)).toBe("live");
    expect(resumed()).toBe(1);
  });

  it("opens a new EventSource after a back-off when the stream is closed for good, resuming after the last event seen", () => {
    const { statuses, resumed } = open();
    const first = FakeEventSource.last();
    first.open();
    first.emit("message", message({ seq: 41 }), "41");
    first.drop(false);
    expect(statuses.at(-1)).toBe("reconnecting");
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = FakeEventSource.last();
    expect(second).not.toBe(first);
    expect(new URL(second.url).searchParams.get("lastEventId")).toBe("41");
    second.drop(false);
    vi.advanceTimersByTime(1999);
    expect(FakeEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const third = FakeEventSource.last();
    third.open();
    expect(statuses.at(-1)).toBe("live");
    expect(resumed()).toBe(1);
  });

  it("resumes its first stream after the snapshot's last message", () => {
    openConsoleChannel(URL_, { onEvent: () => {}, onStatus: () => {}, onResumed: () => {} }, { EventSource: fakeEventSource, lastEventId: "17" });
    expect(new URL(FakeEventSource.last().url).searchParams.get("lastEventId")).toBe("17");
  });

  it("stops for good when closed", () => {
    const { channel } = open();
    const source = FakeEventSource.last();
    source.open();
    channel.close();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    source.drop(false);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
