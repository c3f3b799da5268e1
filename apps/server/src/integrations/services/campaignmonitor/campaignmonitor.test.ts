import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Client } from "@cuepoint/sdk";
import { actionIntegration } from "../../../engine/actions/integration.js";
import { actionContext, makeJob } from "../../../engine/actions/test-support/jobs.js";
import { connectOAuth } from "../../../engine/actions/test-support/oauth.js";
import { PermanentActionError, RetryableActionError, type ActionJob } from "../../../engine/actions/types.js";
import { createTestApp, type TestApp } from "../../../test-support/testApp.js";
import { integrationContext } from "../../context.js";
import { ServiceError } from "../../serviceCall.js";
import { loadIntegration } from "../../store.js";
import { pointServicesAt } from "../../test-support/serviceEnv.js";
import { startCampaignMonitorFake, type CampaignMonitorFake } from "./fake.js";
import { campaignMonitorService } from "./index.js";

let t: TestApp;
let owner: Client;
let accountId: string;
let cm: CampaignMonitorFake;
let restoreEnv: () => void;
let integrationId: string;

beforeAll(async () => {
  cm = await startCampaignMonitorFake();
  restoreEnv = pointServicesAt(cm.url);
  t = await createTestApp();
  const user = await t.user();
  accountId = user.accountId;
  owner = t.client(await t.login(user.email));
  integrationId = await connectOAuth(owner, "campaignmonitor", "cm-code");
});
afterAll(async () => {
  restoreEnv();
  await Promise.all([t.close(), cm.close()]);
});
beforeEach(() => {
  cm.requests.length = 0;
  cm.subscribers.length = 0;
  cm.token = "cm-token-0123456789";
});

const job = (action: string, model: Record<string, unknown>, registrant: Partial<ActionJob["registrant"]> = {}) =>
  makeJob({ accountId, integrationType: "CAMPAIGNMONITOR", action, integrationID: integrationId, model, registrant });

/** Carries out a job as the engine does: the integration loaded from the job's account, then the executor. */
async function perform(work: ActionJob) {
  const engine = actionContext(t);
  const { loaded, service } = await actionIntegration(engine, work);
  const executor = campaignMonitorService.actions[work.node.action];
  if (!executor) throw new Error(`no Campaign Monitor executor for ${work.node.action}`);
  return executor({ job: work, engine, loaded, service });
}

const context = async () => integrationContext(t.db.orm, await loadIntegration(t.db.orm, accountId, integrationId), t.clock.now);
const ada = (list: string, state: "Active" | "Unsubscribed" = "Active") =>
  cm.subscribers.push({ list, email: "ada@example.com", name: "Ada Lovelace", state });

describe("Campaign Monitor connection", () => {
  it("check reads the account's clients with the Bearer token; a refused token says Campaign Monitor's words", async () => {
    await expect(campaignMonitorService.check(await context())).resolves.toBe("Campaign Monitor answered: client Acme Webinars, Acme Academy.");
    expect(cm.calls("GET /api/v3.3/clients.json")[0]?.headers.authorization).toBe("Bearer cm-token-0123456789");
    cm.token = "revoked";
    await expect(campaignMonitorService.check(await context())).rejects.toThrow(
      new ServiceError("Campaign Monitor answered: Invalid OAuth Token", "refused", 401),
    );
  });

  it("lists are every client's lists", async () => {
    await expect(campaignMonitorService.lists?.(await context())).resolves.toEqual({
      lists: [
        { id: "8c7a9e2f", name: "Registrants", clientID: "4a397ccaaa55eb4e6aa1221e1e2d7122" },
        { id: "a1b2c3d4", name: "Students", clientID: "9b2e1d7c5a8f4e3b" },
      ],
    });
  });
});

describe("Campaign Monitor actions", () => {
  it("moveList adds the registrant to the list; a retry after a lost answer is the same upsert, one subscriber", async () => {
    cm.loseNextAnswer("POST /api/v3.3/subscribers/8c7a9e2f.json");
    await expect(perform(job("moveList", { listName: "8c7a9e2f" }))).rejects.toThrow(
      new RetryableActionError("Campaign Monitor answered HTTP 502: Bad Gateway"),
    );
    await expect(perform(job("moveList", { listName: "8c7a9e2f" }))).resolves.toEqual({
      status: "sent",
      detail: "ada@example.com added to list 8c7a9e2f (HTTP 201)",
    });
    const [post] = cm.calls("POST /api/v3.3/subscribers/8c7a9e2f.json");
    expect(post?.headers["content-type"]).toBe("application/json");
    expect(post?.data).toEqual({
      EmailAddress: "ada@example.com",
      Name: "Ada Lovelace",
      CustomFields: [],
      Resubscribe: true,
      ConsentToTrack: "Unchanged",
    });
    expect(cm.subscribers).toEqual([{ list: "8c7a9e2f", email: "ada@example.com", name: "Ada Lovelace", state: "Active" }]);
  });

  it("delete removes the registrant from every list they are on; a retry is skipped", async () => {
    ada("8c7a9e2f");
    ada("a1b2c3d4");
    await expect(perform(job("delete", {}))).resolves.toEqual({ status: "sent", detail: "deleted from list 8c7a9e2f, a1b2c3d4" });
    const [first] = cm.calls("DELETE /api/v3.3/subscribers/8c7a9e2f.json");
    expect(first?.query.get("email")).toBe("ada@example.com");
    expect(cm.subscribers.map((s) => s.state)).toEqual(["Deleted", "Deleted"]);
    await expect(perform(job("delete", {}))).resolves.toEqual({ status: "skipped", reason: "the registrant is on no Campaign Monitor list" });
  });

  it("Campaign Monitor's refusal is permanent, in its words; a node without its list is refused", async () => {
    await expect(perform(job("moveList", { listName: "8c7a9e2f" }, { email: "not-an-address" }))).rejects.toThrow(
      new PermanentActionError("Campaign Monitor answered HTTP 400: Invalid Email Address"),
    );
    await expect(perform(job("moveList", {}))).rejects.toThrow(new PermanentActionError("Campaign Monitor: Pick a list (listName)."));
    await expect(perform(job("delete", {}, { email: "" }))).resolves.toEqual({ status: "skipped", reason: "the registrant has no email address" });
  });
});
