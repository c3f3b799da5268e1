import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client } from "@cuepoint/sdk";
import { registrants } from "../db/schema/index.js";
import { seedDemoRegistrants } from "./seedDemoRegistrants.js";
import { insertEvent, insertTimeline } from "./test-support/testFixtures.js";
import { createTestApp, type TestApp } from "../test-support/testApp.js";

let t: TestApp;
let owner: Client;
let accountId: string;
let timelineId: string;
let eventId: string;

/** 45 leads, oldest first: lead00 … lead44, two of them with a phone, and a few banned. */
beforeAll(async () => {
  t = await createTestApp();
  const user = await t.user();
  accountId = user.accountId;
  owner = t.client(await t.login(user.email));
  timelineId = await insertTimeline(t.db.orm, accountId);
  eventId = await insertEvent(t.db.orm, { accountId, timelineId, startsAt: new Date(Date.now() + 86_400_000) });
  await t.db.orm.insert(registrants).values(
    Array.from({ length: 45 }, (_, i) => ({
      accountId,
      timelineId,
      eventId,
      email: `lead${String(i).padStart(2, "0")}@example.com`,
      name: i === 7 ? "Ann-Marie O'Neil" : `Lead ${i}`,
      phone: i === 9 ? "+1 (555) 010-2030" : "",
      banned: i % 10 === 3,
    })),
  );
});
afterAll(() => t.close());

describe("GET /registrants", () => {
  it("pages 20 at a time, newest first, with the total", async () => {
    const first = await owner.leads.list({ page: 1, filter: "all" });
    expect(first.total).toBe(45);
    expect(first.success).toHaveLength(20);
    expect(first.success[0]).toMatchObject({
      email: "lead44@example.com",
      webinarTimeline: timelineId,
      eventID: eventId,
      banned: false,
      source: "form",
      customFields: {},
    });
    expect(first.success[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const third = await owner.leads.list({ page: 3 });
    expect(third.success.map((lead) => lead.email)).toEqual([
      "lead04@example.com",
      "lead03@example.com",
      "lead02@example.com",
      "lead01@example.com",
      "lead00@example.com",
    ]);
    expect((await owner.leads.list({ page: 4 })).success).toEqual([]);
    // Page below 1 reads as page 1 (the SDK's pageOffset).
    expect((await owner.leads.list({ page: 0 })).success[0]?.email).toBe("lead44@example.com");
  });

  it("filters the banned", async () => {
    const banned = await owner.leads.list({ filter: "banned" });
    expect(banned.total).toBe(5);
    expect(banned.success.every((lead) => lead.banned)).toBe(true);
  });

  it("searches name, email and phone by word prefixes, whatever the case", async () => {
    const emails = async (filter: string) => (await owner.leads.list({ filter })).success.map((lead) => lead.email);
    expect(await emails("LEAD07")).toEqual(["lead07@example.com"]);
    expect(await emails("lead07@example.com")).toEqual(["lead07@example.com"]);
    expect(await emails("o'neil")).toEqual(["lead07@example.com"]);
    expect(await emails("ann marie")).toEqual(["lead07@example.com"]);
    expect(await emails("555 010")).toEqual(["lead09@example.com"]);
    expect(await emails("1555010")).toEqual(["lead09@example.com"]);
    expect(await emails("nobody")).toEqual([]);
    expect(await emails("%")).toEqual([]);
    expect(await emails("'&|!:*()")).toEqual([]);
    const all = await owner.leads.list({ filter: "example" });
    expect(all.total).toBe(45);
  });

  it("needs leads:read", async () => {
    const { accessToken } = await owner.tokens.create({ name: "w", scopes: ["leads:write"] });
    await expect(t.client(accessToken).leads.list()).rejects.toMatchObject({ status: 403 });
    await expect(t.client().leads.list()).rejects.toMatchObject({ status: 401 });
  });
});

describe("ban and delete", () => {
  it("bans a lead and lifts the ban", async () => {
    const [lead] = (await owner.leads.list({ filter: "lead20" })).success;
    if (!lead) throw new Error("no lead");
    await expect(owner.leads.ban({ uuid: lead.uuid })).resolves.toMatchObject({ success: true });
    expect((await owner.leads.list({ filter: "banned" })).total).toBe(6);
    await owner.leads.ban({ uuid: lead.uuid, banned: false });
    expect((await owner.leads.list({ filter: "banned" })).total).toBe(5);
  });

  it("deletes a lead", async () => {
    const [lead] = (await owner.leads.list({ filter: "lead21" })).success;
    if (!lead) throw new Error("no lead");
    await expect(owner.leads.delete(lead.uuid)).resolves.toMatchObject({ success: true });
    expect(await t.db.orm.select().from(registrants).where(eq(registrants.uuid, lead.uuid))).toEqual([]);
    await expect(owner.leads.delete(lead.uuid)).rejects.toMatchObject({ status: 404 });
    await expect(owner.leads.delete("nope")).rejects.toMatchObject({ status: 404 });
    await expect(owner.leads.ban({ uuid: "nope" })).rejects.toMatchObject({ status: 404 });
  });

  it("checks the body", async () => {
    await expect(owner.leads.ban({ uuid: "" })).rejects.toMatchObject({ status: 400, field: "uuid" });
  });
});

describe("isolation between accounts", () => {
  it("never shows, bans or deletes another account's leads", async () => {
    const other = t.client(await t.login((await t.user()).email));
    expect(await other.leads.list()).toEqual({ success: [], total: 0 });
    expect((await other.leads.list({ filter: "lead" })).total).toBe(0);
    const [lead] = (await owner.leads.list()).success;
    if (!lead) throw new Error("no lead");
    await expect(other.leads.ban({ uuid: lead.uuid })).rejects.toMatchObject({ status: 404 });
    await expect(other.leads.delete(lead.uuid)).rejects.toMatchObject({ status: 404 });
    const [row] = await t.db.orm.select().from(registrants).where(eq(registrants.uuid, lead.uuid));
    expect(row?.banned).toBe(false);
  });
});

describe("seedDemoRegistrants", () => {
  it("adds a dozen leads over the events, one banned, once", async () => {
    const user = await t.user();
    const timeline = await insertTimeline(t.db.orm, user.accountId);
    const events = await Promise.all(
      [1, 2].map((day) =>
        insertEvent(t.db.orm, {
          accountId: user.accountId,
          timelineId: timeline,
          startsAt: new Date(Date.now() + day * 86_400_000),
        }),
      ),
    );
    // Registrants another seed put on the timeline first do not stop this one.
    await t.db.orm
      .insert(registrants)
      .values({ accountId: user.accountId, timelineId: timeline, eventId: events[0], email: "past@example.com" });
    expect(await seedDemoRegistrants(t.db.orm, user.accountId, timeline, events)).toBe(12);
    expect(await seedDemoRegistrants(t.db.orm, user.accountId, timeline, events)).toBe(0);
    const demo = t.client(await t.login(user.email));
    const { success, total } = await demo.leads.list();
    expect(total).toBe(13);
    expect(new Set(success.map((lead) => lead.eventID))).toEqual(new Set(events));
    expect((await demo.leads.list({ filter: "banned" })).total).toBe(1);
    expect((await demo.leads.list({ filter: "contoso" })).total).toBe(0); // custom fields are not searched
  });
});
