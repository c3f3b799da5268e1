import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionsFor, type Client } from "@cuepoint/sdk";
import { executeAction } from "../../../engine/actions/index.js";
import { actionContext, makeJob } from "../../../engine/actions/test-support/jobs.js";
import type { FakeService } from "../../test-support/fakeService.js";
import { createTestApp, type TestApp } from "../../../test-support/testApp.js";
import { pointServicesAt } from "../../test-support/serviceEnv.js";
import { CLICKSEND_KEY, CLICKSEND_USERNAME, startFakeClickSend } from "./fake.js";

let t: TestApp;
let owner: Client;
let accountId: string;
let clicksend: FakeService;
let restoreEnv: () => void;

const create = async (key: string) =>
  (await owner.integrations.create({ type: "CLICKSEND", api_username: CLICKSEND_USERNAME, key, accountType: "us" })).success
    .integrationid;

beforeAll(async () => {
  clicksend = await startFakeClickSend();
  restoreEnv = pointServicesAt(clicksend.url);
  t = await createTestApp();
  const user = await t.user();
  accountId = user.accountId;
  owner = t.client(await t.login(user.email));
});
afterAll(async () => {
  restoreEnv();
  await Promise.all([t.close(), clicksend.close()]);
});

describe("ClickSend", () => {
  it("check reads the account with HTTP Basic username:key and names it", async () => {
    const id = await create(CLICKSEND_KEY);
    await expect(owner.integrations.test(id)).resolves.toEqual({ success: true, message: "Connected to the ClickSend account Acme Events." });
    const [request] = clicksend.calls("GET /v3/account");
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from(`${CLICKSEND_USERNAME}:${CLICKSEND_KEY}`).toString("base64")}`);
  });

  it("a wrong key: 422 in ClickSend's words, and not connected", async () => {
    const id = await create("0000-wrong-key");
    await expect(owner.integrations.test(id)).rejects.toMatchObject({ status: 422, message: "ClickSend answered: Invalid username or API key." });
    const { success } = await owner.integrations.list();
    expect(success[id]).toMatchObject({ connected: false });
  });

  it("offers no action (its voice API speaks text, it cannot play an audio file), and runs none", async () => {
    expect(actionsFor("CLICKSEND")).toEqual([]);
    const id = await create(CLICKSEND_KEY);
    const job = makeJob({ accountId, integrationType: "CLICKSEND", action: "sendVoice", integrationID: id, model: { audiofile: "a" } });
    const before = clicksend.requests.length;
    await expect(executeAction(actionContext(t), job)).resolves.toMatchObject({ status: "skipped" });
    expect(clicksend.requests).toHaveLength(before);
  });
});
