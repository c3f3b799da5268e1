import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@cuepoint/sdk";
import { createTestApp, type TestApp } from "../../../test-support/testApp.js";

/**
 * Kinds this server cannot ask (WEBINAR, OBVIO, DOMAIN) say so plainly and are never marked
 * connected on the form's completeness; AEVENT, Cuepoint's own room, needs no connection.
 */

let t: TestApp;
let owner: Client;

beforeAll(async () => {
  t = await createTestApp();
  const user = await t.user();
  owner = t.client(await t.login(user.email));
});
afterAll(() => t.close());

const STORED = "The settings are stored as typed; they were not checked, so this integration is not marked connected.";

describe("checks of kinds that cannot be asked", () => {
  it.each([
    ["webinar", { widgetID: "w-123", referenceID: "evt-9" }, "Embedded webinar room cannot be asked: it publishes no API reference this server could check the credentials against."],
    ["obvio", { vendor_id: "v-77", api_key: "obv_0123456789" }, "Obvio cannot be asked: it publishes no API reference this server could check the credentials against."],
    ["domain", { domain: "events.example.com" }, "Custom domain cannot be checked yet: this server does not serve join pages on events.example.com, so there is nothing there to reach."],
  ])("%s: a complete form is refused with what could not be asked", async (kind, credentials, why) => {
    await expect(owner.integrations.check(kind, credentials)).rejects.toMatchObject({ status: 422, message: `${why} ${STORED}` });
  });

  it("an incomplete form is refused for the missing field first (400)", async () => {
    await expect(owner.integrations.check("obvio", { vendor_id: "v-77" })).rejects.toMatchObject({ status: 400, message: "Enter the API key" });
  });

  it("a saved one tested is not connected, and keeps the words as its last error", async () => {
    const { success } = await owner.integrations.create({ type: "OBVIO", name: "Obvio", vendor_id: "v-77", api_key: "obv_0123456789" });
    const id = String(success.integrationid);
    await expect(owner.integrations.test(id)).rejects.toMatchObject({ status: 422 });
    expect((await owner.integrations.list()).success[id]).toMatchObject({ connected: false });
  });
});
