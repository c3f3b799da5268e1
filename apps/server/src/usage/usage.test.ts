import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterSetting, type Client } from "@cuepoint/sdk";
import { accounts, usageEvents } from "../db/schema/index.js";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test-support/testApp.js";
import { usagePeriod } from "./usageRoutes.js";

let t: TestApp;
let client: Client;
let accountId: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await t.user({ role: "free" });
  accountId = user.accountId;
  client = t.client(await t.login(user.email));
});
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);

describe("resource status and history", () => {
  it("sums this month's usage events, and only the caller's", async () => {
    const { from } = usagePeriod(t.clock.now());
    const inMonth = new Date(from.getTime() + 60_000);
    const lastMonth = new Date(from.getTime() - 60_000);
    const other = await t.user();
    await t.db.orm.insert(usageEvents).values([
      { accountId, type: "actions", quantity: 3, createdAt: inMonth, description: "Email sent" },
      { accountId, type: "actions", quantity: 2, createdAt: inMonth },
      { accountId, type: "webinar_hours", quantity: 1.25, createdAt: inMonth },
      { accountId, type: "actions", quantity: 100, createdAt: lastMonth },
      { accountId: other.accountId, type: "actions", quantity: 7, createdAt: inMonth },
    ]);
    await t.db.orm.update(accounts).set({ additionalActions: 50 }).where(eq(accounts.id, accountId));
    const { success } = await client.account.resourceStatus();
    expect(success).toMatchObject({ actions: 5, webinar_hours: 1.25, recurring_timelines: 0, additional_actions: 50 });
    expect(success).toHaveProperty("limits", { timelines: 2, actions: 1050, webinarHours: 6, storageGB: 2 });
  });

  it("pages the history newest first and filters by type and dates", async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({
      accountId,
      type: i % 5 === 0 ? "webinar_hours" : "actions",
      quantity: i,
      createdAt: at(`2024-01-${String(i + 1).padStart(2, "0")}T10:00:00Z`),
    }));
    await t.db.orm.insert(usageEvents).values(rows);
    const page1 = await client.account.resourceHistory({ from: "2024-01-01", to: "2024-01-31" });
    expect(page1.total).toBe(25);
    expect(page1.success).toHaveLength(20);
    expect(page1.success[0]).toMatchObject({ quantity: 24, created_at: "2024-01-25T10:00:00.000Z" });
    const page2 = await client.account.resourceHistory({ page: 2, from: "2024-01-01", to: "2024-01-31" });
    expect(page2.success.map((row) => row.quantity)).toEqual([4, 3, 2, 1, 0]);
    const hours = await client.account.resourceHistory({ type: "webinar_hours", from: "2024-01-05", to: "2024-01-11" });
    expect(hours.success.map((row) => row.quantity)).toEqual([10, 5]);
  });

  it("refuses a malformed date, naming the field", async () => {
    await expect(client.account.resourceHistory({ from: "01/02/2024" })).rejects.toMatchObject({
      status: 400,
      field: "from",
    });
    await expect(client.account.resourceHistory({ to: "2024-02-30" })).rejects.toMatchObject({
      status: 400,
      field: "to",
    });
  });
});

describe("recurring_timelines", () => {
  it("counts timelines with a recurring series that still has an event to come", async () => {
    const user = await t.user({ role: "advanced" });
    const owner = t.client(await t.login(user.email, user.password, true)); // the test moves the clock by days
    const timeline = async (name: string) =>
      (await owner.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: name } }) })).success.id;
    const day = (days: number) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
    const recurring = (webinarTimeline: string, count: number) =>
      owner.webinars.create({ webinarTimeline, start: `${day(2)}T10:00`, recurring: { days: [0, 1, 2, 3, 4, 5, 6], count } });
    const count = async () => (await owner.account.resourceStatus()).success.recurring_timelines;

    const first = await timeline("Daily");
    await owner.webinars.create({ webinarTimeline: first, start: `${day(2)}T10:00` }); // a single event
    expect(await count()).toBe(0);
    await recurring(first, 3);
    await recurring(first, 5); // a second series on the same timeline
    expect(await count()).toBe(1);
    await recurring(await timeline("Weekly"), 2);
    expect(await count()).toBe(2);
    t.clock.advance(4 * 86_400_000); // the 2-event series has started its last event; the 5-event one has not
    expect(await count()).toBe(1);
    t.clock.advance(-4 * 86_400_000);
  });
});
