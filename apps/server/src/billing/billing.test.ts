import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlanError, ROLE_CODES } from "@cuepoint/sdk";
import { billingEvents, users } from "../db/schema/index.js";
import { createTestApp, type TestApp } from "../test-support/testApp.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function account(role: "beginner" | "free" | "admin" = "beginner") {
  const user = await t.user({ role });
  return { user, client: t.client(await t.login(user.email)) };
}

const roleOf = async (userId: string) => (await t.db.orm.select().from(users).where(eq(users.id, userId)))[0]?.role;
const events = (accountId: string) =>
  t.db.orm
    .select()
    .from(billingEvents)
    .where(eq(billingEvents.accountId, accountId))
    .orderBy(asc(billingEvents.createdAt));

describe("plans through the local billing provider", () => {
  it("reports the role's plan before any change", async () => {
    const { client } = await account();
    expect((await client.account.getPlan()).success).toEqual({
      plan: "beginner",
      frequency: "monthly",
      status: "active",
      renews_at: null,
      cancel_at: null,
      card: null,
    });
  });

  it("changes the plan, moves the role and records the change", async () => {
    const { user, client } = await account();
    const { success } = await client.account.changePlan({ plan: "professional", frequency: "yearly" });
    expect(success).toMatchObject({ plan: "professional", frequency: "yearly", status: "active" });
    expect(new Date(success.renews_at ?? 0).getTime()).toBeGreaterThan(t.clock.now().getTime() + 360 * 86_400_000);
    expect(await roleOf(user.id)).toBe(ROLE_CODES.professional);
    expect((await client.account.resourceStatus()).success).toHaveProperty("limits.actions", 100000);
    expect((await events(user.accountId)).map((event) => [event.provider, event.kind, event.details])).toEqual([
      ["local", "plan_changed", { from: "beginner", to: "professional", frequency: "yearly" }],
    ]);
  });

  it("refuses an unknown plan with the server's message in a PlanError", async () => {
    const { client } = await account();
    const error = await client.account.changePlan({ plan: "platinum", frequency: "monthly" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlanError);
    expect(error).toMatchObject({
      status: 422,
      message: 'There is no plan called "platinum". Choose one of: free, beginner, advanced, professional.',
    });
    await expect(
      client.account.changePlan({ plan: "advanced", frequency: "weekly" as "monthly" }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it("leaves staff roles to support", async () => {
    const { user, client } = await account("admin");
    await expect(client.account.changePlan({ plan: "beginner", frequency: "monthly" })).rejects.toMatchObject({
      status: 422,
    });
    expect(await roleOf(user.id)).toBe(ROLE_CODES.admin);
  });

  it("cancels at the end of the period, then lapses to free", async () => {
    const { user, client } = await account();
    await client.account.changePlan({ plan: "advanced", frequency: "monthly" });
    const { success } = await client.account.cancelPlan();
    expect(success).toMatchObject({ plan: "advanced", status: "canceled" });
    expect(success.cancel_at).toBe(success.renews_at);
    await expect(client.account.cancelPlan()).rejects.toBeInstanceOf(PlanError);

    t.clock.advance(32 * 86_400_000); // past the period, and past the session: log in again
    const later = t.client(await t.login(user.email));
    expect((await later.account.getPlan()).success).toMatchObject({ plan: "free", status: "active" });
    expect(await roleOf(user.id)).toBe(ROLE_CODES.free);
    expect((await events(user.accountId)).map((event) => event.kind)).toEqual([
      "plan_changed",
      "plan_canceled",
      "plan_lapsed",
    ]);
    t.clock.advance(-32 * 86_400_000);
    const freeError = await later.account.cancelPlan().catch((e: unknown) => e);
    expect(freeError).toMatchObject({
      message: "There was an error canceling your subscription. Please reach out to support.",
    });
  });

  it("stores a payment method and shows its card", async () => {
    const { user, client } = await account();
    const { success } = await client.account.updatePayment("pm_card_4242");
    expect(success.card).toEqual({ brand: "local", last4: "4242" });
    expect((await events(user.accountId)).at(-1)).toMatchObject({
      kind: "payment_updated",
      details: { payment_method_id: "pm_card_4242" },
    });
  });

  it("needs account:write for changes", async () => {
    const { client } = await account();
    const { accessToken } = await client.tokens.create({ name: "reader", scopes: ["account:read"] });
    await expect(t.client(accessToken).account.getPlan()).resolves.toBeTruthy();
    await expect(
      t.client(accessToken).account.changePlan({ plan: "advanced", frequency: "monthly" }),
    ).rejects.toMatchObject({ status: 403 });
  });
});
