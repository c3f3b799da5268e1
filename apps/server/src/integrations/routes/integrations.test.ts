import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@cuepoint/sdk";
import { integrations, settings, timelines } from "../../db/schema/index.js";
import { createTestApp, type TestApp } from "../../test-support/testApp.js";

let t: TestApp;
let owner: Client;
let accountId: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await t.user();
  accountId = user.accountId;
  owner = t.client(await t.login(user.email));
});
afterAll(() => t.close());

const AC = { type: "ACTIVECAMPAIGN", api_url: "https://acme.api-us1.com", api_key: "ac-key-0123456789-abcd" };

describe("create and list", () => {
  it("stores credentials encrypted and answers them masked", async () => {
    const { success } = await owner.integrations.create({ ...AC, name: "Main CRM" });
    expect(success).toMatchObject({
      name: "Main CRM",
      type: "ACTIVECAMPAIGN",
      connected: false,
      api_url: "https://acme.api-us1.com",
      api_key: "••••abcd",
    });

    const { success: all } = await owner.integrations.list();
    expect(all[String(success.integrationid)]).toMatchObject({ api_key: "••••abcd", name: "Main CRM" });
    expect(JSON.stringify(all)).not.toContain(AC.api_key);

    // The database holds no plaintext: not the secret, not even the plain fields.
    const rows = await t.db.orm.select().from(integrations);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(AC.api_key);
    expect(dump).not.toContain("acme.api-us1.com");
    expect(rows[0]?.sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    // The key was generated once and kept in the settings table.
    const keys = await t.db.orm.select().from(settings);
    expect(keys.some((row) => row.key === "integration_secret_key")).toBe(true);
  });

  it("names an integration after its service by default, and masks short secrets entirely", async () => {
    const { success } = await owner.integrations.create({
      type: "smtp",
      address: "smtp.example.com",
      port: "587",
      username: "mailer",
      password: "short",
    });
    expect(success).toMatchObject({ name: "SMTP server", type: "SMTP", address: "smtp.example.com", port: "587", password: "••••" });
    expect(success.username).toBe("mailer");
  });

  it("validates the credentials with the kind's form, naming the field", async () => {
    await expect(owner.integrations.create({ type: "ACTIVECAMPAIGN", api_url: "https://acme.api-us1.com" })).rejects.toMatchObject({
      status: 400,
      field: "blocks.api_key",
      message: "Enter the API key",
    });
    await expect(owner.integrations.create({ ...AC, api_url: "acme" })).rejects.toMatchObject({
      status: 400,
      field: "blocks.api_url",
    });
    await expect(owner.integrations.create({ type: "DOMAIN", domain: "https://x.com" })).rejects.toMatchObject({
      status: 400,
      field: "blocks.domain",
    });
    await expect(owner.integrations.create({ type: "NOPE" })).rejects.toMatchObject({ status: 400, field: "blocks.type" });
    await expect(owner.integrations.create({ type: "MAILCHIMP" })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("/api/oauth/mailchimp/authorize"),
    });
  });
});

describe("update and adddata", () => {
  it("never lets the mask overwrite a secret, and resets connected when credentials change", async () => {
    const { success: created } = await owner.integrations.create(AC);
    const id = created.integrationid;
    await t.db.orm.update(integrations).set({ connected: true });

    // The form sends back what it was shown: the mask stands for "unchanged".
    const { success: renamed } = await owner.integrations.update(id, { name: "Renamed", api_key: "••••abcd" });
    expect(renamed).toMatchObject({ name: "Renamed", api_key: "••••abcd", connected: true });

    const { success: changed } = await owner.integrations.update(id, { api_key: "new-key-9876543210-wxyz" });
    expect(changed).toMatchObject({ api_key: "••••wxyz", connected: false });
    await expect(owner.integrations.update(id, { api_url: "not a url" })).rejects.toMatchObject({
      status: 400,
      field: "blocks.api_url",
    });
    await expect(owner.integrations.update(id, { type: "SMTP" })).rejects.toMatchObject({ status: 400, field: "blocks.type" });
  });

  it("stores adddata values encrypted, masked, removable with null", async () => {
    const { success: created } = await owner.integrations.create({ type: "WEBHOOK", name: "Hook" });
    const { success } = await owner.integrations.addData(created.integrationid, { signing_secret: "whsec_0123456789", note: 42 });
    expect(success).toMatchObject({ signing_secret: "••••6789", note: "••••" });
    const rows = await t.db.orm.select().from(integrations);
    expect(JSON.stringify(rows)).not.toContain("whsec_0123456789");

    const { success: removed } = await owner.integrations.addData(created.integrationid, { note: null, signing_secret: "••••6789" });
    expect(removed).not.toHaveProperty("note");
    expect(removed).toMatchObject({ signing_secret: "••••6789" });
  });
});

describe("webhook signing secrets", () => {
  it("gives every new Webhook and Zapier integration a secret, sealed, answered masked", async () => {
    const { success: hook } = await owner.integrations.create({ type: "WEBHOOK", name: "Signed hook" });
    const { success: read } = await owner.integrations.signingSecret(hook.integrationid);
    const secret = read.signing_secret ?? "";
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(hook.signing_secret).toBe(`••••${secret.slice(-4)}`);
    expect((await owner.integrations.list()).success[String(hook.integrationid)]).toMatchObject({ signing_secret: hook.signing_secret });
    expect(JSON.stringify(await t.db.orm.select().from(integrations))).not.toContain(secret);

    const { success: zap } = await owner.integrations.create({ type: "ZAPIER" });
    const zapSecret = (await owner.integrations.signingSecret(zap.integrationid)).success.signing_secret;
    expect(zapSecret).toMatch(/^whsec_/);
    expect(zapSecret).not.toBe(secret);

    const { success: crm } = await owner.integrations.create(AC);
    expect(crm).not.toHaveProperty("signing_secret");
    await expect(owner.integrations.signingSecret(crm.integrationid)).rejects.toMatchObject({ status: 400, field: "integrationID" });
    await expect(owner.integrations.rotateSigningSecret(crm.integrationid)).rejects.toMatchObject({ status: 400 });
  });

  it("rotates the secret, takes a chosen one through adddata, and reads null once removed", async () => {
    const id = (await owner.integrations.create({ type: "WEBHOOK" })).success.integrationid;
    const first = (await owner.integrations.signingSecret(id)).success.signing_secret;
    const { success: rotated } = await owner.integrations.rotateSigningSecret(id);
    expect(rotated.signing_secret).toMatch(/^whsec_/);
    expect(rotated.signing_secret).not.toBe(first);
    expect((await owner.integrations.signingSecret(id)).success.signing_secret).toBe(rotated.signing_secret);
    expect((await owner.integrations.list()).success[String(id)]?.signing_secret).toBe(`••••${rotated.signing_secret.slice(-4)}`);

    await owner.integrations.addData(id, { signing_secret: "whsec_chosen-by-the-host" });
    expect((await owner.integrations.signingSecret(id)).success.signing_secret).toBe("whsec_chosen-by-the-host");
    await owner.integrations.addData(id, { signing_secret: null });
    expect((await owner.integrations.signingSecret(id)).success.signing_secret).toBeNull();
  });

  it("keeps the replaced secret sealed for the grace period asked, answering only its expiry", async () => {
    const id = (await owner.integrations.create({ type: "WEBHOOK" })).success.integrationid;
    const first = (await owner.integrations.signingSecret(id)).success.signing_secret ?? "";
    expect((await owner.integrations.signingSecret(id)).success.previous_expires_at).toBeNull();

    const { success: kept } = await owner.integrations.rotateSigningSecret(id, { expiresIn: 1 });
    const expiry = Date.parse(kept.previous_expires_at ?? "");
    expect(expiry - t.clock.now().getTime()).toBeGreaterThan(3_590_000);
    expect(expiry - t.clock.now().getTime()).toBeLessThanOrEqual(3_600_000);
    const { success: read } = await owner.integrations.signingSecret(id);
    expect(read).toEqual({ signing_secret: kept.signing_secret, previous_expires_at: kept.previous_expires_at });
    // The replaced secret is never answered, not even masked, and never stored in clear.
    const listed = (await owner.integrations.list()).success[String(id)];
    expect(listed).not.toHaveProperty("signing_secret_previous");
    expect(JSON.stringify(listed)).not.toContain(first.slice(-4));
    expect(JSON.stringify(await t.db.orm.select().from(integrations))).not.toContain(first);

    const { success: byDefault } = await owner.integrations.rotateSigningSecret(id);
    expect(Date.parse(byDefault.previous_expires_at ?? "") - t.clock.now().getTime()).toBeGreaterThan(24 * 3_600_000 - 10_000);
    const { success: dropped } = await owner.integrations.rotateSigningSecret(id, { expiresIn: 0 });
    expect(dropped.previous_expires_at).toBeNull();
    expect((await owner.integrations.signingSecret(id)).success).toEqual({ signing_secret: dropped.signing_secret, previous_expires_at: null });
  });

  it("refuses an expiresIn outside 0 to 24 whole hours with 400 on expiresIn, changing nothing", async () => {
    const id = (await owner.integrations.create({ type: "ZAPIER" })).success.integrationid;
    const secret = (await owner.integrations.signingSecret(id)).success.signing_secret;
    for (const expiresIn of [25, -1, 0.5, "24"]) {
      await expect(owner.integrations.rotateSigningSecret(id, { expiresIn: expiresIn as number })).rejects.toMatchObject({
        status: 400,
        field: "expiresIn",
        message: "Keep the previous secret for a whole number of hours from 0 to 24.",
      });
    }
    expect((await owner.integrations.signingSecret(id)).success).toEqual({ signing_secret: secret, previous_expires_at: null });
  });

  it("keeps the secret from other accounts and from read-only tokens", async () => {
    const id = (await owner.integrations.create({ type: "WEBHOOK" })).success.integrationid;
    const secret = (await owner.integrations.signingSecret(id)).success.signing_secret;
    const other = t.client(await t.login((await t.user()).email));
    await expect(other.integrations.signingSecret(id)).rejects.toMatchObject({ status: 404, message: "There is no integration with this ID." });
    await expect(other.integrations.rotateSigningSecret(id)).rejects.toMatchObject({ status: 404 });
    const { accessToken } = await owner.tokens.create({ name: "hook reader", scopes: ["integrations:read"] });
    await expect(t.client(accessToken).integrations.signingSecret(id)).rejects.toMatchObject({ status: 403 });
    expect((await owner.integrations.signingSecret(id)).success.signing_secret).toBe(secret);
  });
});

describe("used and delete", () => {
  it("finds the timelines whose actions or settings name the integration", async () => {
    const { success: created } = await owner.integrations.create(AC);
    const id = String(created.integrationid);
    const node = (integrationID: string) => ({ action: "addTag", integrationID, isAfter: 1, days: 0, hours: 0, minutes: 5 });
    await t.db.orm.insert(timelines).values([
      { accountId, name: "B actions", setting: {} as never, blocks: { "0": [node("other")], "2": [node(id)] } as never },
      { accountId, name: "A delivery", setting: { general: { integrationID: id } } as never, blocks: {} },
      { accountId, name: "C linked", setting: { integration: { [id]: { enabled: true } } } as never, blocks: {} },
      { accountId, name: "D mails", setting: { autoresponder: { integrations: [id] } } as never, blocks: {} },
      { accountId, name: "E unrelated", setting: {} as never, blocks: { "1": [node("x")] } as never },
    ]);
    const { success } = await owner.integrations.used(id);
    expect(success.map((row) => row.timelineName)).toEqual(["A delivery", "B actions", "C linked", "D mails"]);
    expect(success[0]?.webinarTimeline).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("deletes an integration", async () => {
    const { success: created } = await owner.integrations.create(AC);
    await expect(owner.integrations.delete(created.integrationid)).resolves.toMatchObject({ success: true });
    const { success } = await owner.integrations.list();
    expect(success).not.toHaveProperty(String(created.integrationid));
    await expect(owner.integrations.delete(created.integrationid)).rejects.toMatchObject({ status: 404 });
  });
});

describe("isolation between accounts", () => {
  it("answers another account's integration ids like unknown ones", async () => {
    const { success: created } = await owner.integrations.create(AC);
    const id = created.integrationid;
    const other = t.client(await t.login((await t.user()).email));
    expect(Object.keys((await other.integrations.list()).success)).not.toContain(String(id));
    for (const call of [
      () => other.integrations.update(id, { name: "mine" }),
      () => other.integrations.addData(id, { x: "y" }),
      () => other.integrations.used(id),
      () => other.integrations.delete(id),
      () => other.integrations.test(id),
      () => other.integrations.getLists("activecampaign", { integrationID: id }),
      () => other.integrations.addTag("activecampaign", { integrationID: id, listID: "1", name: "x" }),
      () => other.integrations.bulkTags({ integrationID: id, tags: ["x"] }),
      () => other.integrations.addField("activecampaign", { integrationID: id, listID: "1", name: "x" }),
      () => other.integrations.addAutoField("activecampaign", { integrationID: id, listID: "1" }),
      () => other.integrations.check("activecampaign", { integrationID: String(id), api_url: AC.api_url, api_key: "••••abcd" }),
      () => other.integrations.createFbAudience({ integrationID: id, adAccountId: "1", name: "x" }),
      () => other.integrations.deleteNiftyImage({ integrationID: id, url: "https://img.example.com/a.png" }),
      () => other.integrations.sheets(id, "sheet1"),
      () => other.integrations.sheets(id, "sheet1", "Sheet 1"),
    ]) {
      await expect(call()).rejects.toMatchObject({ status: 404, message: "There is no integration with this ID." });
    }
    await expect(owner.integrations.update(id, { name: "still mine" })).resolves.toBeTruthy();
    await expect(other.integrations.delete("not-a-uuid")).rejects.toMatchObject({ status: 404 });
  });

  it("checks scopes: a read token lists but cannot create", async () => {
    const { accessToken } = await owner.tokens.create({ name: "reader", scopes: ["integrations:read"] });
    const reader = t.client(accessToken);
    await expect(reader.integrations.list()).resolves.toBeTruthy();
    await expect(reader.integrations.create(AC)).rejects.toMatchObject({ status: 403 });
  });
});
