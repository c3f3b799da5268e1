import { and, count, eq } from "drizzle-orm";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOM_CHAT_MESSAGES, RoomChatMessageSchema } from "@cuepoint/sdk";
import { createApp } from "../../app.js";
import { defaultConfig } from "../../config/serverConfig.js";
import { roomChatMessages, roomChatMutes } from "../../db/schema/index.js";
import { createRoomTest, type RoomTest } from "../test-support/testRoom.js";
import { statementsOf } from "../../test-support/statementCount.js";
import { sendAttendeeChat } from "./sendChat.js";
import { post, recordSignals } from "../test-support/testChat.js";
import { chatBacklog, chatVisibleTo } from "./visibility.js";

/** The attendee's chat: POST /api/public/room/{token}/chat, its limits, and who sees what. */

const START = "2026-06-10T17:00:00.000Z";
const T0 = Date.parse(START);
let t: RoomTest;
let accountId: string;
let eventId: string;
let ann: string;
let bob: string;
let cid = 0;
const nextId = () => `c-${++cid}`;
const say = (token: string, body: unknown, clientId: string = nextId()) => post(t, `/public/room/${token}/chat`, { clientId, body });

beforeAll(async () => {
  t = await createRoomTest("2026-06-10T16:50:00Z");
  accountId = await t.account();
  const timeline = await t.timeline(accountId, { hls: { livechat: { enabled: true, type: "", isTimestamp: true }, canned: ["Yes!", "When is the replay?"] } });
  eventId = await t.event(timeline, START);
  ann = await t.registrant(timeline, eventId, { name: "Ann Lee", email: "ann@example.com" });
  bob = await t.registrant(timeline, eventId, { name: "Bob Roe", email: "bob@example.com" });
});
afterAll(() => t.close());

describe("POST /api/public/room/{token}/chat", () => {
  it("stores a message from the waiting room (201), publishes it, and answers it as the attendee sees it", async () => {
    const signals = recordSignals(t, eventId);
    const sent = await say(ann, "  Hello from Berlin  ", "first");
    expect(sent.status).toBe(201);
    const message = v.parse(RoomChatMessageSchema, sent.json.success);
    expect(message).toMatchObject({ from: "attendee", name: "Ann Lee", body: "Hello from Berlin", mine: true, toAll: false, links: false, replyTo: null });
    expect(message.sentAt).toBe(t.now().getTime());
    expect(signals).toHaveLength(1);
    expect(signals[0]).toMatchObject({ type: "chat", eventId, message: { id: message.id, registrantId: ann, email: "ann@example.com", accountId } });
  });

  it("stores a message in one statement, and answers a retry in one", async () => {
    const room = await t.hub.load(ann);
    const send = (clientId: string) => sendAttendeeChat(t.db, room, { clientId, body: "One round trip" }, t.now());
    await send("warm-up"); // the embedded database prepares the statement on its first use
    expect(await statementsOf(t.db, async () => expect((await send("one-statement")).created).toBe(true))).toBe(1);
    expect(await statementsOf(t.db, async () => expect((await send("one-statement")).created).toBe(false))).toBe(1);
  });

  it("answers the stored message for a repeated clientId (200) and stores nothing twice", async () => {
    const signals = recordSignals(t, eventId);
    const again = await say(ann, "Hello from Berlin", "first");
    expect(again.status).toBe(200);
    const rows = await t.db.orm.select({ n: count() }).from(roomChatMessages).where(and(eq(roomChatMessages.eventId, eventId), eq(roomChatMessages.clientId, "first")));
    expect(rows[0]?.n).toBe(1);
    expect(signals).toHaveLength(0);
    // The same client id from someone else is their own message.
    expect((await say(bob, "Hi", "first")).status).toBe(201);
  });

  it("refuses an empty, blank or too long body with a sentence naming body", async () => {
    t.setNow(T0 - 5 * 60_000);
    for (const body of ["", "   "]) {
      expect(await say(ann, body)).toMatchObject({ status: 400, json: { message: ROOM_CHAT_MESSAGES.empty, field: "body" } });
    }
    expect(await say(ann, "x".repeat(501))).toMatchObject({ status: 400, json: { message: "A message is at most 500 characters.", field: "body" } });
    expect((await say(ann, "x".repeat(500))).status).toBe(201);
    expect(await post(t, `/public/room/${ann}/chat`, { body: "no id" })).toMatchObject({ status: 400, json: { field: "clientId" } });
  });

  it("holds an attendee to 3 messages per 5 s, counted in the database, and lets them write again after", async () => {
    t.setNow(T0 + 60_000);
    for (let i = 0; i < 3; i++) expect((await say(bob, `question ${i}`)).status).toBe(201);
    expect(await say(bob, "one more")).toMatchObject({ status: 429, json: { message: ROOM_CHAT_MESSAGES.tooFast, field: "body" } });
    expect((await say(ann, "someone else may")).status).toBe(201);
    t.setNow(T0 + 65_000);
    expect((await say(bob, "one more")).status).toBe(201);
  });

  it("the limit holds across two instances on one database", async () => {
    t.setNow(T0 + 90_000);
    const second = createApp({ db: t.db, config: defaultConfig({ now: t.now, publicURL: "https://cuepoint.test" }) });
    const via = async (app: typeof t.app, clientId: string) =>
      (await app.request(`/api/public/room/${bob}/chat`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ clientId, body: "hi" }) })).status;
    const answers = await Promise.all([via(t.app, "x-1"), via(second, "x-2"), via(t.app, "x-3"), via(second, "x-4"), via(t.app, "x-5")]);
    expect(answers.filter((code) => code === 201)).toHaveLength(3);
    expect(answers.filter((code) => code === 429)).toHaveLength(2);
    // A retry through the other instance is the same message.
    expect(await via(second, "x-1")).toBe(answers[0] === 201 ? 200 : 429);
  });

  it("a retry of a stored message is not counted against the limit", async () => {
    t.setNow(T0 + 120_000);
    for (let i = 0; i < 3; i++) expect((await say(ann, `burst ${i}`, `burst-${i}`)).status).toBe(201);
    expect((await say(ann, "burst 0", "burst-0")).status).toBe(200);
  });

  it("the chat is closed before the waiting room, after the live part, with livechat off and on vsl (403)", async () => {
    t.setNow(T0 - 16 * 60_000);
    expect(await say(ann, "too early")).toMatchObject({ status: 403, json: { message: ROOM_CHAT_MESSAGES.closed } });
    t.setNow(T0 + 3600_000);
    expect(await say(ann, "too late")).toMatchObject({ status: 403, json: { message: ROOM_CHAT_MESSAGES.closed } });
    t.setNow(T0 + 60_000);
    for (const general of [{ hls: { livechat: { enabled: false } } }, { eventType: "vsl", hls: { livechat: { enabled: true } } }] as const) {
      const timeline = await t.timeline(accountId, general);
      const other = await t.event(timeline, START);
      const carl = await t.registrant(timeline, other);
      expect(await say(carl, "hello?")).toMatchObject({ status: 403, json: { message: ROOM_CHAT_MESSAGES.closed } });
    }
  });

  it("an unknown token is 404, a banned registrant 403, and nothing is stored", async () => {
    t.setNow(T0 + 60_000);
    expect((await say("00000000-0000-4000-8000-000000000000", "hi")).status).toBe(404);
    expect((await say("not-a-token", "hi")).status).toBe(404);
    const timeline = await t.timeline(accountId, { hls: { livechat: { enabled: true } } });
    const other = await t.event(timeline, START);
    const banned = await t.registrant(timeline, other, { banned: true });
    expect((await say(banned, "hi")).status).toBe(403);
    const rows = await t.db.orm.select({ n: count() }).from(roomChatMessages).where(eq(roomChatMessages.eventId, other));
    expect(rows[0]?.n).toBe(0);
  });
});

describe("who sees what (chatVisibleTo, chatBacklog)", () => {
  let eventP: string;
  let pat: string;
  let quinn: string;
  let rae: string;

  beforeAll(async () => {
    t.setNow(T0 + 10 * 60_000);
    const timeline = await t.timeline(accountId, { hls: { livechat: { enabled: true, type: "public" } } });
    eventP = await t.event(timeline, START);
    pat = await t.registrant(timeline, eventP, { name: "Pat" });
    quinn = await t.registrant(timeline, eventP, { name: "Quinn" });
    rae = await t.registrant(timeline, eventP, { name: "Rae" });
    await t.db.orm.insert(roomChatMutes).values({ accountId, eventId: eventP, registrantId: rae });
    expect((await say(pat, "public question")).status).toBe(201);
    expect((await say(rae, "spam from a muted attendee")).status).toBe(201);
  });

  const visibleBodies = async (registrantId: string, mode: "public" | "private") =>
    (await chatBacklog(t.db.orm, { accountId, eventId: eventP, registrantId, mode, afterSeq: null })).map((m) => m.body);

  it("in a public chat attendees see each other's messages but never a muted attendee's; the muted one sees their own", async () => {
    expect(await visibleBodies(quinn, "public")).toEqual(["public question"]);
    expect(await visibleBodies(rae, "public")).toEqual(["public question", "spam from a muted attendee"]);
    const [, muted] = await chatBacklog(t.db.orm, { accountId, eventId: eventP, registrantId: null, mode: "public", afterSeq: null });
    expect(muted).toMatchObject({ body: "spam from a muted attendee", muted: true, toAll: true });
    expect(chatVisibleTo(muted!, quinn, "public")).toBe(false);
    expect(chatVisibleTo(muted!, rae, "public")).toBe(true);
  });

  it("in a private chat an attendee's question reaches nobody else", async () => {
    expect(await visibleBodies(quinn, "private")).toEqual([]);
    expect(await visibleBodies(pat, "private")).toEqual(["public question"]);
  });

  it("the first event's private chat: Bob never sees Ann's messages; the backlog resumes after a seq and is another account's nowhere", async () => {
    const annSees = await chatBacklog(t.db.orm, { accountId, eventId, registrantId: ann, mode: "private", afterSeq: null });
    expect(annSees.every((m) => m.registrantId === ann)).toBe(true);
    expect(annSees.length).toBeGreaterThan(0);
    const bobSees = await chatBacklog(t.db.orm, { accountId, eventId, registrantId: bob, mode: "private", afterSeq: null });
    expect(bobSees.every((m) => m.registrantId === bob)).toBe(true);
    const after = annSees.at(-2)!.seq;
    expect((await chatBacklog(t.db.orm, { accountId, eventId, registrantId: ann, mode: "private", afterSeq: after })).map((m) => m.id)).toEqual([annSees.at(-1)!.id]);
    const limited = await chatBacklog(t.db.orm, { accountId, eventId, registrantId: ann, mode: "private", afterSeq: null, limit: 2 });
    expect(limited.map((m) => m.id)).toEqual(annSees.slice(-2).map((m) => m.id));
    const otherAccount = await t.account();
    expect(await chatBacklog(t.db.orm, { accountId: otherAccount, eventId, registrantId: null, mode: "public", afterSeq: null })).toEqual([]);
  });

  it("host messages reach everyone when to all, only the addressee when private; deleted ones nobody", () => {
    const base = { id: "m", seq: 1, accountId, eventId, from: "host" as const, name: "Host", body: "x", sentAt: 0, replyTo: null, registrantId: null, email: null, muted: false, answeredAt: null, deletedAt: null, emailed: false, sentBy: "h" };
    expect(chatVisibleTo({ ...base, toAll: true, toRegistrantId: null }, quinn, "private")).toBe(true);
    expect(chatVisibleTo({ ...base, toAll: false, toRegistrantId: pat }, pat, "private")).toBe(true);
    expect(chatVisibleTo({ ...base, toAll: false, toRegistrantId: pat }, quinn, "public")).toBe(false);
    expect(chatVisibleTo({ ...base, toAll: true, toRegistrantId: null, deletedAt: 5 }, quinn, "public")).toBe(false);
  });
});
