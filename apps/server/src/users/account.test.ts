import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError, Client } from "@cuepoint/sdk";
import { SETTING, supportSecret, writeSetting } from "../db/settings.js";
import { purchases } from "../db/schema/index.js";
import { DEFAULT_TERMS } from "../config/serverConfig.js";
import { createTestApp, type TestApp } from "../test-support/testApp.js";

let t: TestApp;
let client: Client;
let userId: string;
let accountId: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await t.user({ name: "Ada" });
  [userId, accountId] = [user.id, user.accountId];
  client = t.client(await t.login(user.email));
});
afterAll(() => t.close());

describe("profile", () => {
  it("updates only the fields sent", async () => {
    const { success } = await client.account.updateUser({
      name: "Ada L.",
      domain: "ada.example",
      profile: { theme: "dark" },
    });
    expect(success).toMatchObject({
      name: "Ada L.",
      domain: "ada.example",
      profile: { theme: "dark", userSkillLevel: "beginner" },
    });
    const { success: again } = await client.account.updateUser({ profile: { userSkillLevel: "expert" } });
    expect(again).toMatchObject({ name: "Ada L.", profile: { theme: "dark", userSkillLevel: "expert" } });
  });

  it("refuses a bad email (400) and one another user has (409), both on the email field", async () => {
    const bad = (await client.account.updateUser({ email: "ada@" }).catch((e: unknown) => e)) as ApiError;
    expect([bad.status, bad.field]).toEqual([400, "email"]);
    const other = await t.user();
    const taken = (await client.account
      .updateUser({ email: other.email.toUpperCase() })
      .catch((e: unknown) => e)) as ApiError;
    expect([taken.status, taken.field, taken.message]).toEqual([
      409,
      "email",
      "Another user already has this email address.",
    ]);
  });

  it("sets the level and the theme, refusing values outside the SDK's lists", async () => {
    expect((await client.account.setLevel("advanced")).success.profile.userSkillLevel).toBe("advanced");
    expect((await client.account.updateTheme("light")).success.profile.theme).toBe("light");
    await expect(client.request("POST", "/level", { level: "guru" })).rejects.toMatchObject({
      status: 400,
      field: "level",
    });
  });
});

describe("terms", () => {
  it("serves the terms and records consent to that version", async () => {
    expect((await client.account.termsOfService()).success).toEqual(DEFAULT_TERMS);
    expect((await client.session.validate()).success.agreed_current_terms).toBe(false);
    expect((await client.account.consentTerms()).success.agreed_current_terms).toBe(true);
    await writeSetting(t.db.orm, SETTING.terms, { version: "2099-01-01", content: "New terms" });
    expect((await client.account.termsOfService()).success.version).toBe("2099-01-01");
    expect((await client.session.validate()).success.agreed_current_terms).toBe(false);
  });
});

describe("support chat", () => {
  it("hands out the HMAC of the user id with the server's secret", async () => {
    const secret = await supportSecret(t.db.orm, undefined);
    const expected = createHmac("sha256", secret).update(userId).digest("hex");
    expect(await client.account.refreshSupport()).toEqual({ success: { intercom_hash: expected, user_uid: userId } });
    expect((await client.session.validate()).success.intercom_hash).toBe(expected);
  });
});

describe("purchases and usage", () => {
  it("lists purchases and counts them into the action limit", async () => {
    await t.db.orm.insert(purchases).values({ accountId, type: "actions", quantity: 5000, description: "Action pack" });
    const { success } = await client.account.purchases();
    expect(success).toMatchObject([{ type: "actions", quantity: 5000 }]);
    const status = (await client.account.resourceStatus()).success as unknown as { limits: { actions: number } };
    expect(status.limits.actions).toBe(30000 + 5000);
  });
});

describe("banner", () => {
  it("answers the SDK's defaults until one is stored", async () => {
    expect(await t.client().banner.get()).toEqual({
      content: { color: "#2B67AA", mobileHeading: "", fullHeading: "", buttonTitle: "", link: "", connectedHeading: "", connectedMobileHeading: "" },
    });
    await writeSetting(t.db.orm, SETTING.banner, {
      fullHeading: "Evergreen replays are here",
      link: "https://cuepoint.example/news",
    });
    expect((await client.banner.get()).content).toMatchObject({
      color: "#2B67AA",
      fullHeading: "Evergreen replays are here",
    });
  });
});
