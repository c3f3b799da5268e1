import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-support/testApp.js";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "./seedDemo.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the demo seed of `pnpm start`", () => {
  it("gives the demo account timelines, webinars and registrants it can see through the API", async () => {
    const now = new Date();
    expect((await seedDemo(t.db.orm, now)).created).toBe(true);
    const client = t.client(await t.login(DEMO_EMAIL, DEMO_PASSWORD));

    const { success: timelines } = await client.timelines.listMasters();
    expect(timelines.map((timeline) => timeline.timelineName)).toHaveLength(2);
    const upcoming = await client.webinars.list({ type: "upcoming", page: 1 });
    expect(upcoming.total).toBeGreaterThan(0);
    const past = await client.webinars.list({ type: "past", page: 1 });
    expect(past.total).toBeGreaterThan(0);
    const leads = await client.leads.list({ page: 1, filter: "all" });
    expect(leads.total).toBeGreaterThan(0);
  });

  it("is idempotent: a second run adds nothing", async () => {
    expect((await seedDemo(t.db.orm)).created).toBe(false);
    const client = t.client(await t.login(DEMO_EMAIL, DEMO_PASSWORD));
    expect((await client.timelines.listMasters()).success).toHaveLength(2);
  });
});
