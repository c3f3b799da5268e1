import { createClient } from "@cuepoint/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createUser } from "../users/users.js";
import { attendance, type TimelineRow } from "../db/schema/index.js";
import type { BusChatMessage } from "./bus/roomBus.js";
import { consoleStats } from "./console/consoleStore.js";
import { memoryChat, openStream, pause, type MemoryChat } from "./test-support/liveTestSupport.js";
import { createRoomTest, type RoomTest } from "./test-support/testRoom.js";

/**
 * The live channels on a real listening server: the attendee's chat (backlog, Last-Event-ID
 * resume, live messages by visibility, deletions), pushed items, control, ban; the host console's
 * channel (auth, presence, messages, actions, mutes); a reconnect within the grace is not a leave.
 * The chat is held in memory here (liveTestSupport.ts) with the contract's visibility rule.
 */

const T0 = Date.parse("2026-06-01T17:00:00.000Z");
const MIN = 60_000;

let t: RoomTest;
let chat: MemoryChat;
let base: string;
let accountId: string;
let timeline: TimelineRow;
let eventId: string;
let ann: string;
let bob: string;
let token: string;

const channelOf = (registrant: string, query = "") => `${base}/api/public/room/${registrant}/channel${query}`;
const consoleOf = (id = eventId, query = "") => `${base}/api/webinars/${id}/console/channel${query}`;
const publish = (message: BusChatMessage) => t.hub.bus.publish({ type: "chat", eventId, message });
const seqs = (events: { id: string | undefined }[]) => events.map((e) => Number(e.id));

beforeAll(async () => {
  chat = memoryChat();
  t = await createRoomTest(new Date(T0 + MIN).toISOString(), { chat, presenceMs: 100, heartbeatMs: 60_000 });
  const user = await createUser(t.db.orm, { email: `host.${Date.now()}@example.com`, password: "Webinar#2024", name: "Host", role: "advanced" });
  accountId = user.accountId;
  timeline = await t.timeline(accountId, { scheduleLength: 0.5, hls: { audienceCount: "real", livechat: { enabled: true, type: "" } } });
  eventId = await t.event(timeline, new Date(T0).toISOString());
  ann = await t.registrant(timeline, eventId, { name: "Ann", email: "ann@example.com" });
  bob = await t.registrant(timeline, eventId, { name: "Bob", email: "bob@example.com" });
  base = await t.listen();
  const client = createClient({ apiURL: "http://localhost/api", fetch: (input, init) => t.app.request(String(input), init), xsrf: false });
  token = (await client.session.login(user.email, "Webinar#2024")).success.api_token ?? "";
});
afterAll(() => t.close());

describe("the attendee channel's chat", () => {
  it("sends the backlog this attendee may see on open (SSE id = seq), then live messages by visibility", async () => {
    const question = chat.add({ accountId, eventId, from: "attendee", registrantId: ann, name: "Ann", email: "ann@example.com" });
    const welcome = chat.add({ accountId, eventId, from: "host", toAll: true });
    chat.add({ accountId, eventId, from: "attendee", registrantId: bob, name: "Bob" }); // private: Ann never sees it
    const a = await openStream(channelOf(ann));
    const b = await openStream(channelOf(bob));
    await a.waitFor("chat", (m: { id: string }) => m.id === welcome.id);
    await b.waitFor("chat", (m: { id: string }) => m.id === welcome.id);
    expect(a.named("chat").map((e) => e.data)).toMatchObject([{ id: question.id, mine: true }, { id: welcome.id, mine: false, links: true }]);
    expect(seqs(a.named("chat"))).toEqual([question.seq, welcome.seq]);
    expect(a.events[0]?.event).toBe("hello");

    // A private reply reaches Ann only; a muted question of Bob's reaches nobody but Bob.
    const reply = chat.add({ accountId, eventId, from: "host", toRegistrantId: ann, replyTo: question.id });
    await publish(reply);
    const muted = chat.add({ accountId, eventId, from: "attendee", registrantId: bob, muted: true });
    await publish(muted);
    await a.waitFor("chat", (m: { id: string }) => m.id === reply.id);
    await b.waitFor("chat", (m: { id: string }) => m.id === muted.id);
    await pause(100);
    expect(b.named("chat").map((e) => (e.data as { id: string }).id)).not.toContain(reply.id);
    expect(a.named("chat").map((e) => (e.data as { id: string }).id)).not.toContain(muted.id);
    expect(a.named("chat").at(-1)?.id).toBe(String(reply.seq));

    // A change (answered) is not a new message; a deletion reaches those who could see it.
    await publish({ ...reply, answeredAt: Date.now() });
    await publish({ ...welcome, deletedAt: Date.now() });
    await a.waitFor("chat-delete", (d: { id: string }) => d.id === welcome.id);
    await b.waitFor("chat-delete", (d: { id: string }) => d.id === welcome.id);
    welcome.deletedAt = Date.now();
    expect(a.named("chat").filter((e) => (e.data as { id: string }).id === reply.id)).toHaveLength(1);
    a.close();
    b.close();
  });

  it("resumes after Last-Event-ID (header or ?lastEventId=): nothing is sent twice", async () => {
    const mine = chat.messages.filter((m) => chat.visibleTo(m, ann, "private"));
    const [first] = mine;
    const resumed = await openStream(channelOf(ann), { "last-event-id": String(first?.seq) });
    const later = mine.filter((m) => m.seq > (first?.seq ?? 0));
    await resumed.waitFor("chat", (m: { id: string }) => m.id === later.at(-1)?.id);
    expect(seqs(resumed.named("chat"))).toEqual(later.map((m) => m.seq));
    resumed.close();
    const current = await openStream(channelOf(ann, `?lastEventId=${mine.at(-1)?.seq}`));
    await current.waitFor("hello");
    await pause(150);
    expect(current.named("chat")).toEqual([]);
    // A message published while the backlog is read is sent once.
    const racing = chat.add({ accountId, eventId, from: "host", toAll: true });
    const raced = openStream(channelOf(ann, `?lastEventId=${mine.at(-1)?.seq}`));
    await publish(racing);
    const again = await raced;
    await again.waitFor("chat", (m: { id: string }) => m.id === racing.id);
    await pause(100);
    expect(again.named("chat").filter((e) => (e.data as { id: string }).id === racing.id)).toHaveLength(1);
    current.close();
    again.close();
  });
});

describe("the host's signals on the attendee channel", () => {
  it("pushed items reach everyone present (and count as CTA views), control too; a ban says bye and closes that registrant's channels", async () => {
    const a = await openStream(channelOf(ann));
    const b1 = await openStream(channelOf(bob));
    const b2 = await openStream(channelOf(bob));
    await Promise.all([a.waitFor("hello"), b1.waitFor("hello"), b2.waitFor("hello")]);
    const item = { id: `push-${crypto.randomUUID()}`, action: "cta", offsetSeconds: 60, cta: { headline: "Now", subheadline: "", buttonText: "Buy", url: "https://shop.example.com" } };
    await t.hub.bus.publish({ type: "item", eventId, item: item as never });
    for (const stream of [a, b1, b2]) await stream.waitFor("item", (i: { id: string }) => i.id === item.id);
    // The views are written with the attendance (the hub's next write): once each, Bob's two tabs one view.
    await t.hub.flush();
    const views = await t.db.orm.select({ registrantId: attendance.registrantId }).from(attendance).where(sql`${item.id} = any(${attendance.ctaSeen})`);
    expect(views.map((view) => view.registrantId).sort()).toEqual([ann, bob].sort());
    expect((await consoleStats(t.db.orm, { accountId, eventId })).ctaViews).toBe(2);
    await t.hub.bus.publish({ type: "control", eventId, startedAt: T0, endedAt: null });
    await a.waitFor("control", (c: { startedAt: number }) => c.startedAt === T0);
    await t.hub.bus.publish({ type: "ban", eventId, registrantId: bob });
    await Promise.all([b1.ended, b2.ended]);
    expect(b1.events.at(-1)).toMatchObject({ event: "bye", data: { reason: "banned" } });
    expect(b2.events.at(-1)).toMatchObject({ event: "bye", data: { reason: "banned" } });
    await pause(50);
    expect(a.named("bye")).toEqual([]);
    // The attendee channel hears nothing of mutes or console actions.
    await t.hub.bus.publish({ type: "mute", eventId, registrantId: ann, muted: true });
    await pause(50);
    expect(a.named("mute")).toEqual([]);
    a.close();
  });
});

describe("the console channel", () => {
  const auth = () => ({ authorization: `Bearer ${token}` });

  it("needs the host's credentials and one of the account's events", async () => {
    expect((await fetch(consoleOf())).status).toBe(401);
    const other = await t.account();
    const foreign = await t.event(await t.timeline(other), new Date(T0).toISOString());
    expect((await fetch(consoleOf(foreign), { headers: auth() })).status).toBe(404);
    expect((await fetch(consoleOf("not-an-id"), { headers: auth() })).status).toBe(404);
    const bad = await fetch(consoleOf(eventId, "?lastEventId=abc"), { headers: auth() });
    expect(bad.status).toBe(400);
  });

  it("hello, who is present (name, email, since, seconds, the count attendees see), messages with their seq, actions, mutes, control", async () => {
    const carol = await t.registrant(timeline, eventId, { name: "Carol", email: "carol@example.com" });
    const desk = await openStream(consoleOf(), auth());
    await desk.waitFor("hello");
    await desk.waitFor("presence");
    const attendee = await openStream(channelOf(carol));
    await attendee.waitFor("hello");
    const seen = await desk.waitFor("presence", (p: { present: { registrantId: string }[] }) => p.present.some((x) => x.registrantId === carol));
    const data = seen.data as { present: { registrantId: string; name: string; email: string; since: number; seconds: number }[]; simulated: number | null };
    expect(data.present.find((x) => x.registrantId === carol)).toMatchObject({ name: "Carol", email: "carol@example.com", since: T0 + MIN });
    expect(data.simulated).toBe(data.present.length);

    const question = chat.add({ accountId, eventId, from: "attendee", registrantId: carol, name: "Carol", email: "carol@example.com" });
    await publish(question);
    const arrived = await desk.waitFor("message", (m: { id: string }) => m.id === question.id);
    expect(arrived).toMatchObject({ id: String(question.seq), data: { registrantId: carol, email: "carol@example.com", muted: false } });
    await publish({ ...question, answeredAt: T0 + MIN });
    const changed = await desk.waitFor("message", (m: { answeredAt: number | null }) => m.answeredAt !== null);
    expect(changed.id).toBeUndefined();
    const action = { id: crypto.randomUUID(), kind: "mute" as const, at: T0 + MIN, by: "Host", detail: { registrantId: carol } };
    await t.hub.bus.publish({ type: "action", eventId, action });
    await t.hub.bus.publish({ type: "mute", eventId, registrantId: carol, muted: true });
    await t.hub.bus.publish({ type: "control", eventId, startedAt: T0, endedAt: null });
    expect((await desk.waitFor("action")).data).toEqual(action);
    expect((await desk.waitFor("mute")).data).toEqual({ registrantId: carol, muted: true });
    expect((await desk.waitFor("control")).data).toEqual({ startedAt: T0, endedAt: null });
    desk.close();

    // Resuming after a seq sends the later messages only.
    const resumed = await openStream(consoleOf(), { ...auth(), "last-event-id": String(question.seq - 1) });
    await resumed.waitFor("message", (m: { id: string }) => m.id === question.id);
    expect(seqs(resumed.named("message"))).toEqual([question.seq]);
    resumed.close();
    attendee.close();
  });

  it("a reconnect within a few seconds is not a leave; after the grace the attendee is gone", async () => {
    const dave = await t.registrant(timeline, eventId, { name: "Dave" });
    const desk = await openStream(consoleOf(), auth());
    const first = await openStream(channelOf(dave));
    await first.waitFor("hello");
    const here = (p: { present: { registrantId: string }[] }) => p.present.some((x) => x.registrantId === dave);
    await desk.waitFor("presence", here);
    const since = Date.now();
    first.close();
    t.setNow(t.now().getTime() + 3000);
    await pause(300); // several presence checks while Dave is reconnecting
    const second = await openStream(channelOf(dave));
    await second.waitFor("hello");
    await pause(300);
    const updates = desk.named("presence").slice(1).filter((e) => e.id === undefined);
    expect(updates.map((e) => JSON.stringify(e.data)).filter((d) => !d.includes(dave))).toEqual([]);
    expect(Date.now() - since).toBeGreaterThan(0);
    second.close();
    t.setNow(t.now().getTime() + 11_000);
    await t.hub.flush();
    await desk.waitFor("presence", (p: { present: { registrantId: string }[] }) => !here(p));
    desk.close();
  });
});
