import { eq } from "drizzle-orm";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConsoleMessageSchema, ConsoleSnapshotSchema } from "@cuepoint/sdk";
import { roomChatMessages } from "../../db/schema/index.js";
import { startSmtpPeer, type SmtpPeer } from "../../integrations/test-support/smtpPeer.js";
import { createRoomTest, eventually, openChannel, type RoomTest } from "../test-support/testRoom.js";
import { clientFor, hostOf, post, recordSignals, refusal, status } from "../test-support/testChat.js";

/**
 * The host's side of the chat through the live console (/api/webinars/{id}/console…, the SDK client,
 * in-process): the snapshot's messages, host messages and the mailed reply, answer and delete, mute,
 * ban, and what reaches the attendees' channels. Push, start and end: ../console/console.test.ts.
 */

const START = "2026-06-10T17:00:00.000Z";
const T0 = Date.parse(START);
const LOGIN = { username: "apikey", password: "SG.secret-0001" };
const saved = { ...process.env };

let t: RoomTest;
let smtp: SmtpPeer;
let host: Awaited<ReturnType<typeof hostOf>>;
let other: Awaited<ReturnType<typeof hostOf>>;
let eventId: string;
let otherEventId: string;
let otherRegistrant: string;
let ann: string;
let bob: string;
let cid = 0;
const nextId = () => `h-${++cid}`;
const say = (token: string, body: string) => post(t, `/public/room/${token}/chat`, { clientId: nextId(), body });

beforeAll(async () => {
  process.env.CUEPOINT_ALLOW_PRIVATE_TARGETS = "true";
  process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS = "5000";
  smtp = await startSmtpPeer(LOGIN);
  t = await createRoomTest("2026-06-10T16:50:00Z");
  host = await hostOf(t);
  other = await hostOf(t, "Other Host");
  await host.client.integrations.create({ type: "SMTP", address: "127.0.0.1", port: smtp.port, ...LOGIN, fromEmail: "events@acme.example", fromName: "Acme" });
  const timeline = await t.timeline(host.accountId, {
    organizer: "Dana Presenter",
    hls: { livechat: { enabled: true, type: "private" }, canned: ["Yes!"], audienceCount: "real" },
  });
  eventId = await t.event(timeline, START, "Launch");
  ann = await t.registrant(timeline, eventId, { name: "Ann Lee", email: "ann@example.com" });
  bob = await t.registrant(timeline, eventId, { name: "Bob Roe", email: "bob@example.com" });
  const otherTimeline = await t.timeline(other.accountId, { hls: { livechat: { enabled: true } } });
  otherEventId = await t.event(otherTimeline, START);
  otherRegistrant = await t.registrant(otherTimeline, otherEventId);
});
afterAll(async () => {
  process.env = saved;
  await t.close();
  await smtp.close();
});

describe("GET /api/webinars/{id}/console", () => {
  it("answers the event, its chat settings, messages, mutes, actions and figures", async () => {
    t.setNow(T0 - 5 * 60_000);
    expect((await say(ann, "Is there a replay?")).status).toBe(201);
    const { success: live } = await host.client.console.get(eventId);
    v.parse(ConsoleSnapshotSchema, live);
    expect(live.event).toMatchObject({ id: eventId, title: "Launch", subject: "Launch", phase: "waiting", control: "automatic", startedAt: null, endedAt: null, startsAt: T0 });
    expect(live.chat).toEqual({ enabled: true, mode: "private", canned: ["Yes!"] });
    expect(live.present).toEqual([]);
    expect(live.simulated).toBe(0); // audienceCount "real": what attendees see is the real count
    expect(live.messages).toHaveLength(1);
    expect(live.messages[0]).toMatchObject({ from: "attendee", registrantId: ann, email: "ann@example.com", body: "Is there a replay?", muted: false, answeredAt: null });
    expect(live.stats).toMatchObject({ messages: 1, questions: 1, answered: 0, pushes: 0 });
  });

  it("another account's event, and a malformed id, are 404", async () => {
    expect(await status(other.client.console.get(eventId))).toBe(404);
    expect(await status(host.client.console.get(otherEventId))).toBe(404);
    expect(await status(host.client.console.get("nope"))).toBe(404);
    expect(await status(clientFor(t).console.get(eventId))).toBe(401);
  });
});

describe("the host's messages", () => {
  it("a message to all is stored as the organizer's, recorded, published and counted", async () => {
    const signals = recordSignals(t, eventId);
    const clientId = nextId();
    const { success } = await host.client.console.send(eventId, { clientId, body: "Welcome, everyone!", toAll: true });
    v.parse(ConsoleMessageSchema, success);
    expect(success).toMatchObject({ from: "host", name: "Dana Presenter", toAll: true, toRegistrantId: null, sentBy: "Hana Host", emailed: false, registrantId: null });
    expect(signals.map((s) => s.type)).toEqual(["chat", "action"]);
    // The same clientId again: the same message, nothing new.
    const again = await host.client.console.send(eventId, { clientId, body: "Welcome, everyone!", toAll: true });
    expect(again.success.id).toBe(success.id);
    expect(signals).toHaveLength(2);
  });

  it("a private reply to someone who left is mailed through the SMTP integration with their replay link", async () => {
    const { success: live } = await host.client.console.get(eventId);
    const question = live.messages.find((m) => m.registrantId === ann)!;
    const { success } = await host.client.console.send(eventId, { clientId: nextId(), body: "Yes: the replay stays up 48 hours.", toAll: false, toRegistrantId: ann, replyTo: question.id });
    expect(success).toMatchObject({ toAll: false, toRegistrantId: ann, replyTo: question.id, emailed: true });
    const mail = smtp.mails.at(-1)!;
    const text = mail.raw.replace(/=\r\n/g, "");
    expect(mail.to).toEqual(["ann@example.com"]);
    expect(mail.from).toBe("events@acme.example");
    expect(text).toContain("Yes: the replay stays up 48 hours.");
    expect(text).toContain(`https://cuepoint.test/replay/${ann}`);
    const after = await host.client.console.get(eventId);
    expect(after.success.messages.find((m) => m.id === question.id)?.answeredAt).toBe(t.now().getTime());
    expect(after.success.stats).toMatchObject({ questions: 1, answered: 1 });
  });

  it("refuses a private message without an addressee, and another event's registrant or message (404 naming the field)", async () => {
    expect(await refusal(host.client.console.send(eventId, { clientId: nextId(), body: "hi", toAll: false }))).toMatchObject({ status: 400, field: "toRegistrantId" });
    expect(await refusal(host.client.console.send(eventId, { clientId: nextId(), body: "hi", toAll: false, toRegistrantId: otherRegistrant }))).toMatchObject({
      status: 404,
      field: "toRegistrantId",
    });
    expect(await refusal(host.client.console.send(eventId, { clientId: nextId(), body: "", toAll: true }))).toMatchObject({ status: 400, field: "body" });
    const [theirs] = await t.db.orm.select().from(roomChatMessages).limit(1);
    expect(await refusal(other.client.console.send(otherEventId, { clientId: nextId(), body: "hi", toAll: true, replyTo: theirs!.id }))).toMatchObject({ status: 404, field: "replyTo" });
  });

  it("marks answered and unanswered, deletes (twice is fine), and never touches another account's message", async () => {
    const sent = await say(bob, "Can I get the slides?");
    const id = (sent.json.success as { id: string }).id;
    const signals = recordSignals(t, eventId);
    expect((await host.client.console.answer(eventId, id, true)).success.answeredAt).toBe(t.now().getTime());
    expect((await host.client.console.answer(eventId, id, false)).success.answeredAt).toBeNull();
    expect(await status(other.client.console.answer(otherEventId, id, true))).toBe(404);
    expect(await status(other.client.console.deleteMessage(otherEventId, id))).toBe(404);
    expect(await status(host.client.console.deleteMessage(eventId, "not-an-id"))).toBe(404);
    await host.client.console.deleteMessage(eventId, id);
    await host.client.console.deleteMessage(eventId, id);
    const [row] = await t.db.orm.select().from(roomChatMessages).where(eq(roomChatMessages.id, id));
    expect(row?.deletedAt?.getTime()).toBe(t.now().getTime());
    expect(signals.filter((s) => s.type === "chat").map((s) => (s.type === "chat" ? [s.message.answeredAt !== null, s.message.deletedAt !== null] : null))).toEqual([
      [true, false],
      [false, false],
      [false, true],
    ]);
    const { success: live } = await host.client.console.get(eventId);
    expect(live.actions.map((a) => a.kind)).toEqual(["chat", "chat", "answer", "answer", "delete"]);
    expect(live.actions.every((a) => a.by === "Hana Host")).toBe(true);
  });
});

describe("mute and ban", () => {
  it("a muted attendee's messages are stored muted; unmuting stops that; the mute is published and recorded", async () => {
    const signals = recordSignals(t, eventId);
    await host.client.console.mute(eventId, { registrantId: bob, muted: true });
    expect(signals.filter((s) => s.type === "mute")).toEqual([{ type: "mute", eventId, registrantId: bob, muted: true }]);
    const sent = await say(bob, "buy my stuff");
    expect(sent.status).toBe(201);
    const { success: live } = await host.client.console.get(eventId);
    expect(live.muted).toEqual([bob]);
    expect(live.messages.at(-1)).toMatchObject({ body: "buy my stuff", muted: true });
    await host.client.console.mute(eventId, { registrantId: bob, muted: false });
    t.setNow(t.now().getTime() + 10_000);
    await say(bob, "sorry");
    const after = await host.client.console.get(eventId);
    expect(after.success.muted).toEqual([]);
    expect(after.success.messages.at(-1)).toMatchObject({ body: "sorry", muted: false });
    expect(await refusal(host.client.console.mute(eventId, { registrantId: otherRegistrant, muted: true }))).toMatchObject({ status: 404, field: "registrantId" });
  });

  it("a ban is the leads ban: the room answers 403, the ban signal goes out, and another account cannot ban", async () => {
    const timeline = await t.timeline(host.accountId, { hls: { livechat: { enabled: true } } });
    const carl = await t.registrant(timeline, eventId, { name: "Carl" });
    expect(await status(other.client.console.ban(otherEventId, carl))).toBe(404);
    const signals = recordSignals(t, eventId);
    await host.client.console.ban(eventId, carl);
    expect(signals.find((s) => s.type === "ban")).toEqual({ type: "ban", eventId, registrantId: carl });
    expect((await t.app.request(`/api/public/room/${carl}`)).status).toBe(403);
    expect((await say(carl, "let me in")).status).toBe(403);
    const { success: leads } = await host.client.leads.list({ page: 1, filter: "banned" });
    expect(leads.map((lead) => lead.uuid)).toContain(carl);
  });
});

describe("through the attendees' channels", () => {
  it("a private reply reaches only its addressee, who is present (so no mail); a message to all and a push reach both", async () => {
    t.setNow(T0 + 800_000);
    const base = await t.listen();
    const annChannel = await openChannel(`${base}/api/public/room/${ann}/channel`);
    const bobChannel = await openChannel(`${base}/api/public/room/${bob}/channel`);
    try {
      await annChannel.waitFor("hello");
      await bobChannel.waitFor("hello");
      const mails = smtp.mails.length;
      await eventually(async () => expect((await host.client.console.get(eventId)).success.present.map((p) => p.registrantId).sort()).toEqual([ann, bob].sort()));
      const { success: reply } = await host.client.console.send(eventId, { clientId: nextId(), body: "Bob, check your inbox", toAll: false, toRegistrantId: bob });
      expect(reply.emailed).toBe(false);
      expect(smtp.mails).toHaveLength(mails);
      await bobChannel.waitFor("chat", (data) => (data as { id: string }).id === reply.id);
      const { success: all } = await host.client.console.send(eventId, { clientId: nextId(), body: "Thanks for coming", toAll: true });
      await annChannel.waitFor("chat", (data) => (data as { id: string }).id === all.id);
      expect(annChannel.events.some((e) => e.event === "chat" && e.data.includes(reply.id))).toBe(false);
      await host.client.console.push(eventId, { kind: "subject", subject: "Last call" });
      for (const channel of [annChannel, bobChannel]) await channel.waitFor("item", (data) => (data as { subject?: string }).subject === "Last call");
    } finally {
      annChannel.close();
      bobChannel.close();
    }
  });
});
