import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError, ROOM_CHAT_LIMITS, ROOM_CHAT_MESSAGES, type RoomChatMessage, type RoomChatSendRequest } from "@cuepoint/sdk";
import { signal } from "../signals.js";
import { CHAT_MAX_LENGTH, CHAT_SENTENCES, createRoomChat, SHOWN, type ChatLine } from "./chat.js";
import type { ChatItem, RoomApi } from "./types.js";

const START = Date.UTC(2026, 2, 10, 17);
let now = START + 600_000;

const message = (seq: number, fields: Partial<RoomChatMessage> = {}): RoomChatMessage => ({
  id: `m${seq}`,
  seq,
  from: "attendee",
  name: "Cy",
  body: `message ${seq}`,
  sentAt: START + seq * 1000,
  mine: false,
  toAll: true,
  links: false,
  replyTo: null,
  ...fields,
});

/** A chat server whose answers the test settles one by one. */
function fakeSend() {
  const calls: { body: RoomChatSendRequest; resolve(value: RoomChatMessage): void; reject(error: unknown): void }[] = [];
  const api: RoomApi = {
    get: () => Promise.reject(new Error("unused")),
    clickCta: () => Promise.resolve(),
    chat: {
      send: (_token, body) =>
        new Promise<{ success: RoomChatMessage }>((resolve, reject) =>
          calls.push({ body, resolve: (value) => resolve({ success: value }), reject }),
        ),
    },
  };
  return { api, calls };
}

const setup = (api: RoomApi = fakeSend().api, options: { items?: ChatItem[]; until?: () => number | undefined } = {}) => {
  let ids = 0;
  const items = signal<ChatItem[]>(options.items ?? []);
  const chat = createRoomChat({
    token: "t",
    api,
    serverNow: () => now,
    items,
    startsAt: () => START,
    until: options.until ?? (() => undefined),
    schedule: (run) => run(),
    clientId: () => `c${++ids}`,
  });
  return { chat, items };
};
const bodies = (lines: ChatLine[]) => lines.map((line) => line.body);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("createRoomChat", () => {
  beforeEach(() => {
    now = START + 600_000;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says what the server says: the SDK's limit and sentences", () => {
    expect(CHAT_MAX_LENGTH).toBe(ROOM_CHAT_LIMITS.maxLength);
    expect(CHAT_SENTENCES).toEqual({ empty: ROOM_CHAT_MESSAGES.empty, tooLong: ROOM_CHAT_MESSAGES.tooLong, closed: ROOM_CHAT_MESSAGES.closed });
  });

  it("interleaves auto-chat items and messages by time, de-duplicates by id, keeps the highest seq seen", () => {
    const { chat, items } = setup();
    items.value = [{ id: "a1", action: "livechat", offsetSeconds: 2, chat: { name: "Ann", message: "scripted" } }];
    chat.receive(message(3));
    chat.receive(message(1));
    chat.receive(message(3, { body: "message 3 (again)" })); // the backlog after a reconnect
    expect(bodies(chat.lines.value)).toEqual(["message 1", "scripted", "message 3 (again)"]);
    expect(chat.lines.value[1]).toMatchObject({ from: "auto", name: "Ann", at: START + 2000 });
    expect(chat.lastSeq()).toBe(3);
  });

  it("removes a deleted message; shows its own messages as 'You'; links only in host messages", () => {
    const { chat } = setup();
    chat.receive(message(1, { mine: true, name: "Bo" }));
    chat.receive(message(2, { from: "host", name: "Host", links: true, toAll: false }));
    chat.receive(message(3, { links: true })); // an attendee's: never links, whatever the wire says
    expect(chat.lines.value.map((line) => [line.name, line.mine, line.links])).toEqual([
      ["You", true, false],
      ["Host", false, true],
      ["Cy", false, false],
    ]);
    chat.remove("m2");
    expect(bodies(chat.lines.value)).toEqual(["message 1", "message 3"]);
  });

  it("announces host replies that come in live, not the backlog's nor attendees'", () => {
    const { chat } = setup();
    chat.receive(message(1, { from: "host", name: "Host", body: "old answer", sentAt: now - 60_000 }));
    chat.receive(message(2, { sentAt: now }));
    expect(chat.announcement.value).toBe("");
    chat.receive(message(3, { from: "host", name: "Host", body: "Yes, there is a replay", toAll: false, sentAt: now }));
    expect(chat.announcement.value).toBe("Host to you: Yes, there is a replay");
    chat.receive(message(4, { from: "host", name: "Host", body: "Offer ends at 8", toAll: true, sentAt: now }));
    expect(chat.announcement.value).toBe("Host to everyone: Offer ends at 8");
  });

  it("keeps the latest lines only: a flood of thousands renders 200", () => {
    const { chat } = setup();
    for (let seq = 1; seq <= 3000; seq++) chat.receive(message(seq));
    const lines = chat.lines.value;
    expect(lines).toHaveLength(SHOWN);
    expect(lines.at(-1)?.body).toBe("message 3000");
    chat.receive(message(5)); // long gone: not brought back
    expect(chat.lines.value.at(0)?.body).toBe(`message ${3000 - SHOWN + 1}`);
  });

  it("shows its own message at once as sending, replaced by the stored one (the channel's copy first, or the answer's)", async () => {
    const server = fakeSend();
    const { chat } = setup(server.api);
    chat.draft.value = "  How long is the replay?  ";
    expect(chat.send()).toBe(true);
    expect(chat.draft.value).toBe("");
    expect(chat.lines.value).toMatchObject([{ name: "You", body: "How long is the replay?", state: "sending", clientId: "c1" }]);
    expect(server.calls[0]?.body).toEqual({ clientId: "c1", body: "How long is the replay?" });
    const stored = message(7, { mine: true, body: "How long is the replay?" });
    chat.receive(stored); // the channel is faster than the POST's answer
    expect(chat.lines.value).toMatchObject([{ key: "m7", body: "How long is the replay?" }]);
    expect(chat.lines.value[0]?.state).toBeUndefined();
    server.calls[0]?.resolve(stored);
    await settle();
    expect(chat.lines.value).toHaveLength(1);

    chat.send("Thanks!"); // a canned reply: the draft stays
    server.calls[1]?.resolve(message(8, { mine: true, body: "Thanks!" }));
    await settle();
    expect(chat.lines.value.map((line) => [line.key, line.state])).toEqual([
      ["m7", undefined],
      ["m8", undefined],
    ]);
    expect(chat.lastSeq()).toBe(7); // only the channel's seq: the stream resumes from there
  });

  it("refuses an empty or too long message at once, and shows the server's refusal with the text back in the box", async () => {
    const server = fakeSend();
    const { chat } = setup(server.api);
    expect(chat.send("   ")).toBe(false);
    expect(chat.error.value).toBe(ROOM_CHAT_MESSAGES.empty);
    chat.draft.value = "x".repeat(501);
    expect(chat.send()).toBe(false);
    expect(chat.error.value).toBe(ROOM_CHAT_MESSAGES.tooLong);
    expect(chat.draft.value).toHaveLength(501);
    expect(server.calls).toHaveLength(0);

    chat.draft.value = "one more";
    chat.send();
    server.calls[0]?.reject(new ApiError(ROOM_CHAT_MESSAGES.tooFast, 429, { message: ROOM_CHAT_MESSAGES.tooFast, field: "body" }));
    await settle();
    expect(chat.error.value).toBe(ROOM_CHAT_MESSAGES.tooFast);
    expect(chat.lines.value).toEqual([]);
    expect(chat.draft.value).toBe("one more");
    chat.send();
    expect(chat.error.value).toBe("");
  });

  it("retries a network blip with the same clientId, then offers Retry; nothing is sent under a second id", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const server = fakeSend();
    const { chat } = setup(server.api);
    chat.send("Is it recorded?");
    server.calls[0]?.reject(new NetworkError("Failed to fetch"));
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls).toHaveLength(2);
    server.calls[1]?.reject(new ApiError("Bad gateway", 502, {}));
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.calls).toHaveLength(3);
    expect(chat.lines.value[0]?.state).toBe("sending");
    server.calls[2]?.reject(new NetworkError("Failed to fetch"));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.calls).toHaveLength(3);
    expect(chat.lines.value[0]?.state).toBe("failed");
    expect(chat.error.value).toMatch(/not sent/);
    chat.retry("c1");
    expect(chat.lines.value[0]?.state).toBe("sending");
    server.calls[3]?.resolve(message(9, { mine: true, body: "Is it recorded?" }));
    await vi.advanceTimersByTimeAsync(0);
    expect(new Set(server.calls.map((call) => call.body.clientId))).toEqual(new Set(["c1"]));
    expect(chat.lines.value.map((line) => [line.key, line.state])).toEqual([["m9", undefined]]);
  });

  it("without a send call the chat is read-only; in the replay only what was said up to the playback's instant shows", () => {
    const { api } = fakeSend();
    const readOnly = setup({ get: api.get, clickCta: api.clickCta }).chat;
    expect(readOnly.send("hi")).toBe(false);
    expect(readOnly.error.value).toBe(ROOM_CHAT_MESSAGES.closed);
    const until = signal<number | undefined>(START + 2500);
    const { chat } = setup(api, { until: () => until.value });
    chat.receive(message(1));
    chat.receive(message(5));
    expect(bodies(chat.lines.value)).toEqual(["message 1"]);
    until.value = START + 6000;
    expect(bodies(chat.lines.value)).toEqual(["message 1", "message 5"]);
  });

  it("gathers a burst of channel messages into one update", () => {
    const runs: (() => void)[] = [];
    const chat = createRoomChat({
      token: "t",
      api: fakeSend().api,
      serverNow: () => now,
      items: signal([]),
      startsAt: () => START,
      until: () => undefined,
      schedule: (run) => runs.push(run),
    });
    for (let seq = 1; seq <= 100; seq++) chat.receive(message(seq));
    expect(runs).toHaveLength(1);
    expect(chat.lines.value).toEqual([]);
    runs[0]?.();
    expect(chat.lines.value).toHaveLength(100);
  });
});
