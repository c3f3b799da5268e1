import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@cuepoint/sdk";
import { registrants, timelines } from "../db/schema/index.js";
import { createTestApp, type TestApp } from "../test-support/testApp.js";
import { insertEvent, insertTimeline } from "./test-support/testFixtures.js";


let t: TestApp;
let owner: Client;
let launch: string;
let masterclass: string;
const start = new Date("2030-03-02T17:00:00.000Z");

/** Two timelines: "Launch webinar" with a named event and one lead without an event, "Masterclass" with an unnamed event. */
beforeAll(async () => {
  t = await createTestApp();
  const user = await t.user();
  const { accountId } = user;
  owner = t.client(await t.login(user.email));
  launch = await insertTimeline(t.db.orm, accountId);
  masterclass = await insertTimeline(t.db.orm, accountId);
  await t.db.orm.update(timelines).set({ name: "Masterclass" }).where(eq(timelines.id, masterclass));
  const named = await insertEvent(t.db.orm, { accountId, timelineId: launch, startsAt: start, timeZone: "Europe/Paris", name: "Spring launch" });
  const unnamed = await insertEvent(t.db.orm, { accountId, timelineId: masterclass, startsAt: start, timeZone: "Asia/Tokyo", name: "" });
  await t.db.orm.insert(registrants).values([
    { accountId, timelineId: launch, eventId: named, email: "ann@example.com", name: "Ann" },
    { accountId, timelineId: launch, eventId: null, email: "imported@example.com", name: "Imported" },
    { accountId, timelineId: masterclass, eventId: unnamed, email: "bob@example.com", name: "Bob" },
  ]);
});
afterAll(() => t.close());

const byEmail = async (query: Parameters<Client["leads"]["list"]>[0]) =>
  Object.fromEntries((await owner.leads.list(query)).success.map((lead) => [lead.email, lead.webinar]));

describe("the webinar of each lead in GET /registrants", () => {
  it("names the event (else its timeline) with its start and zone, or the timeline alone without an event", async () => {
    expect(await byEmail({})).toEqual({
      "ann@example.com": { name: "Spring launch", start: start.toISOString(), timeZone: "Europe/Paris" },
      "imported@example.com": { name: "Launch webinar" },
      "bob@example.com": { name: "Masterclass", start: start.toISOString(), timeZone: "Asia/Tokyo" },
    });
  });

  it("keeps one timeline's leads with webinarTimeline, with the total to match, and searches within it", async () => {
    const launchLeads = await owner.leads.list({ webinarTimeline: launch });
    expect(launchLeads.total).toBe(2);
    expect(launchLeads.success.map((lead) => lead.email).sort()).toEqual(["ann@example.com", "imported@example.com"]);
    expect(Object.keys(await byEmail({ webinarTimeline: masterclass }))).toEqual(["bob@example.com"]);
    expect(Object.keys(await byEmail({ webinarTimeline: launch, filter: "ann" }))).toEqual(["ann@example.com"]);
  });

  it("answers 400 on webinarTimeline for what is not an id, and nothing for another account's timeline", async () => {
    await expect(owner.leads.list({ webinarTimeline: "launch" })).rejects.toMatchObject({ status: 400, field: "webinarTimeline" });
    const other = t.client(await t.login((await t.user()).email));
    expect(await other.leads.list({ webinarTimeline: launch })).toEqual({ success: [], total: 0 });
  });
});
