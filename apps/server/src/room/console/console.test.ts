import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRoomTest, type RoomTest } from "../test-support/testRoom.js";
import { hostOf, post, recordSignals, refusal, status } from "../test-support/testChat.js";

/** The host's live console beyond the chat: push, and the start and end of hand-run events (SDK client, in-process). */

const START = "2026-06-10T17:00:00.000Z";
const T0 = Date.parse(START);

let t: RoomTest;
let host: Awaited<ReturnType<typeof hostOf>>;
let other: Awaited<ReturnType<typeof hostOf>>;
let eventId: string;
let ann: string;
let cid = 0;
const nextId = () => `h-${++cid}`;
const say = (token: string, body: string) => post(t, `/public/room/${token}/chat`, { clientId: nextId(), body });

beforeAll(async () => {
  t = await createRoomTest("2026-06-10T16:50:00Z");
  host = await hostOf(t);
  other = await hostOf(t, "Other Host");
  const timeline = await t.timeline(host.accountId, {
    organizer: "Dana Presenter",
    hls: { livechat: { enabled: true, type: "private" }, canned: ["Yes!"], audienceCount: "real" },
  });
  eventId = await t.event(timeline, START, "Launch");
  ann = await t.registrant(timeline, eventId, { name: "Ann Lee", email: "ann@example.com" });
});
afterAll(async () => {
  await t.close();
});

describe("push", () => {
  it("is refused before the live part (409), then reaches the room as an item at the live position, and stays in the snapshot", async () => {
    t.setNow(T0 - 60_000);
    expect(await refusal(host.client.console.push(eventId, { kind: "subject", subject: "Q&A" }))).toMatchObject({ status: 409 });
    t.setNow(T0 + 754_500);
    const signals = recordSignals(t, eventId);
    const cta = { headline: "Doors close tonight", subheadline: "50% off", buttonTitle: "Get it", link: "https://shop.example.com/offer" };
    const { success: action } = await host.client.console.push(eventId, { kind: "cta", cta });
    expect(action).toMatchObject({ kind: "cta", by: "Hana Host", at: t.now().getTime() });
    const item = signals.find((s) => s.type === "item");
    expect(item).toMatchObject({ type: "item", eventId, item: { action: "cta", offsetSeconds: 754, cta: { headline: "Doors close tonight", buttonText: "Get it", url: "https://shop.example.com/offer" } } });
    const id = item?.type === "item" ? item.item.id : "";
    expect(id).toMatch(/^push-[0-9a-f-]{36}$/);
    expect(signals.find((s) => s.type === "action")).toMatchObject({ action: { id: action.id } });

    await host.client.console.push(eventId, { kind: "subject", subject: "Questions and answers" });
    const room = (await (await t.app.request(`/api/public/room/${ann}`)).json()) as { success: { items: { id: string }[]; event: { subject: string } } };
    expect(room.success.items.map((i) => i.id)).toContain(id);
    expect(room.success.event.subject).toBe("Questions and answers");
    // The pushed CTA is clickable and counted.
    expect((await post(t, `/public/room/${ann}/cta`, { id })).status).toBe(204);
    const { success: live } = await host.client.console.get(eventId);
    expect(live.event.subject).toBe("Questions and answers");
    expect(live.stats).toMatchObject({ pushes: 2, ctaClicks: 1 });
    expect(await refusal(host.client.console.push(eventId, { kind: "cta", cta: { ...cta, link: "javascript:alert(1)" } }))).toMatchObject({ status: 400, field: "cta.link" });
  });
});

describe("manual start and end", () => {
  let semi: string;
  let manual: string;
  let sam: string;

  beforeAll(async () => {
    const semiTimeline = await t.timeline(host.accountId, { webinarType: "semi-automatic", hls: { livechat: { enabled: true } } });
    semi = await t.event(semiTimeline, START);
    sam = await t.registrant(semiTimeline, semi, { name: "Sam" });
    const manualTimeline = await t.timeline(host.accountId, { manualControl: { enabled: true, duration: 30 }, hls: { livechat: { enabled: true } } });
    manual = await t.event(manualTimeline, START);
  });

  const roomOf = async (token: string) =>
    ((await (await t.app.request(`/api/public/room/${token}`)).json()) as { success: { view: { phase: string; startsAt: number; positionSeconds: number } } }).success;

  it("a semi-automatic event waits in the waiting room past its time until the host starts it", async () => {
    t.setNow(T0 + 10 * 60_000);
    expect((await roomOf(sam)).view.phase).toBe("waiting");
    expect((await say(sam, "are we starting?")).status).toBe(201);
    expect(await refusal(host.client.console.end(semi))).toMatchObject({ status: 409, message: "A semi-automatic event ends with its program." });
    const signals = recordSignals(t, semi);
    const { success: event } = await host.client.console.start(semi);
    expect(event).toMatchObject({ control: "semi-automatic", startedAt: t.now().getTime(), endedAt: null, phase: "live", startsAt: t.now().getTime() });
    expect(signals.find((s) => s.type === "control")).toEqual({ type: "control", eventId: semi, startedAt: t.now().getTime(), endedAt: null });
    t.setNow(t.now().getTime() + 30_000);
    expect(await roomOf(sam)).toMatchObject({ view: { phase: "live", positionSeconds: 30 } });
    expect(await refusal(host.client.console.start(semi))).toMatchObject({ status: 409, message: "This event has already started." });
  });

  it("a manual event is started and ended by the host; an automatic one refuses both; another account's is 404", async () => {
    expect(await refusal(host.client.console.start(eventId))).toMatchObject({ status: 409, message: "This event is automatic: it starts by itself at its time." });
    expect(await refusal(host.client.console.end(manual))).toMatchObject({ status: 409, message: "Start the event first." });
    expect(await status(other.client.console.start(manual))).toBe(404);
    await host.client.console.start(manual);
    t.setNow(t.now().getTime() + 5 * 60_000);
    const { success: ended } = await host.client.console.end(manual);
    expect(ended).toMatchObject({ control: "manual", endedAt: t.now().getTime(), phase: "ended" });
    expect(await refusal(host.client.console.end(manual))).toMatchObject({ status: 409, message: "This event has already ended." });
    const { success: live } = await host.client.console.get(manual);
    expect(live.actions.map((a) => a.kind)).toEqual(["start", "end"]);
  });
});
