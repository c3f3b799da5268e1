import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Client } from "@cuepoint/sdk";
import { executeAction } from "../../../engine/actions/index.js";
import { actionContext, makeJob } from "../../../engine/actions/test-support/jobs.js";
import { PermanentActionError, RetryableActionError, type ActionJob } from "../../../engine/actions/types.js";
import { createTestApp, type TestApp } from "../../../test-support/testApp.js";
import { serviceContext } from "../../context.js";
import { pointServicesAt } from "../../test-support/serviceEnv.js";
import { KLAVIYO_KEY, startKlaviyoFake } from "./fake.js";
import { klaviyoService } from "./index.js";

let t: TestApp;
let owner: Client;
let accountId: string;
let fake: Awaited<ReturnType<typeof startKlaviyoFake>>;
let restoreEnv: () => void;
let klaviyoId: string;

beforeAll(async () => {
  fake = await startKlaviyoFake();
  restoreEnv = pointServicesAt(fake.url);
  t = await createTestApp();
  const user = await t.user();
  accountId = user.accountId;
  owner = t.client(await t.login(user.email));
  klaviyoId = await create(KLAVIYO_KEY);
});
afterAll(async () => {
  restoreEnv();
  await Promise.all([t.close(), fake.close()]);
});
beforeEach(() => {
  fake.requests.length = 0;
});

const create = async (key: string) =>
  (await owner.integrations.create({ type: "KLAVIYO", private_api_key: key })).success.integrationid;

const job = (model: Record<string, unknown>, integrationID = klaviyoId) =>
  makeJob({ accountId, integrationType: "KLAVIYO", action: "moveList", integrationID, model });

/** Carries out a job as the scheduler does: through the registry (`executeAction`). */
const execute = (one: ActionJob) => executeAction(actionContext(t), one);

const context = (key: string) => serviceContext({ kind: "KLAVIYO", credentials: { private_api_key: key }, now: () => new Date() });
const calls = () => fake.requests.map((r) => `${r.method} ${r.path}`);

describe("Klaviyo", () => {
  it("through the routes: /klaviyo/check asks Klaviyo (422 in its words), the saved integration's test too, getlists caches lists", async () => {
    await expect(owner.integrations.check("klaviyo", { private_api_key: KLAVIYO_KEY })).resolves.toMatchObject({ success: true, message: "Connected to the Klaviyo account Acme Webinars." });
    await expect(owner.integrations.check("klaviyo", { private_api_key: "pk_wrong" })).rejects.toMatchObject({ status: 422, message: "Klaviyo answered HTTP 401: Incorrect authentication credentials." });
    await expect(owner.integrations.test(klaviyoId)).resolves.toMatchObject({ success: true });
    const { success } = await owner.integrations.getLists("klaviyo", { integrationID: klaviyoId, refresh: true });
    expect((success as Record<string, unknown[]>).lists).toHaveLength(12);
  });

  it("check reads the key's account with the Klaviyo-API-Key header and a revision, and says Klaviyo's refusal", async () => {
    await expect(klaviyoService.check(context(KLAVIYO_KEY))).resolves.toBe("Connected to the Klaviyo account Acme Webinars.");
    const [request] = fake.calls("GET /api/accounts");
    expect(request?.headers.authorization).toBe(`Klaviyo-API-Key ${KLAVIYO_KEY}`);
    expect(request?.headers.revision).toBe("2026-07-15");
    expect(request?.headers.accept).toBe("application/vnd.api+json");
    await expect(klaviyoService.check(context("pk_wrong"))).rejects.toMatchObject({
      reason: "refused",
      message: "Klaviyo answered HTTP 401: Incorrect authentication credentials.",
    });
  });

  it("lists follows links.next through every page of lists", async () => {
    const { lists } = await klaviyoService.lists!(context(KLAVIYO_KEY));
    expect(lists).toHaveLength(12);
    expect(lists?.[0]).toEqual({ id: "Y6nRLr0", name: "Webinar registrants" });
    expect(fake.calls("GET /api/lists").map((r) => r.query.get("page[cursor]"))).toEqual([null, "10"]);
    expect(fake.calls("GET /api/lists")[0]?.query.get("fields[list]")).toBe("name");
  });

  it("moveList upserts the profile with its names and adds it to the list, once however often it runs", async () => {
    await expect(execute(job({ listName: "Y6nRLr0" }))).resolves.toEqual({
      status: "sent",
      detail: "profile 01HPROFILE0001 added to list Y6nRLr0 (HTTP 204)",
    });
    expect(calls()).toEqual(["POST /api/profile-import", "POST /api/lists/Y6nRLr0/relationships/profiles"]);
    expect(fake.requests[0]?.data).toEqual({
      data: { type: "profile", attributes: { email: "ada@example.com", first_name: "Ada", last_name: "Lovelace" } },
    });
    expect(fake.requests[1]?.data).toEqual({ data: [{ type: "profile", id: "01HPROFILE0001" }] });
    expect(fake.requests.every((r) => r.headers["content-type"] === "application/vnd.api+json")).toBe(true);
    await execute(job({ listName: "Y6nRLr0" }));
    expect(fake.state.profiles.size).toBe(1);
    expect(fake.state.members.get("Y6nRLr0")).toEqual(new Set(["01HPROFILE0001"]));
  });

  it("retries after Klaviyo's 429 or 5xx, gives up on a refused key in Klaviyo's words, refuses a node without its list", async () => {
    let failures = 1;
    fake.on({
      "POST /api/lists/Y6nRLr1/relationships/profiles": () =>
        failures-- > 0
          ? { status: 429, json: { errors: [{ id: "x", status: 429, code: "throttled", title: "Request was throttled.", detail: "Request was throttled. Expected available in 1 second." }] } }
          : { status: 204 },
    });
    await expect(execute(job({ listName: "Y6nRLr1" }))).rejects.toThrow(
      new RetryableActionError("Klaviyo answered HTTP 429: Request was throttled. Expected available in 1 second."),
    );
    await expect(execute(job({ listName: "Y6nRLr1" }))).resolves.toMatchObject({ status: "sent" });

    const wrong = await create("pk_revoked");
    await expect(execute(job({ listName: "Y6nRLr0" }, wrong))).rejects.toThrow(
      new PermanentActionError("Klaviyo answered HTTP 401: Incorrect authentication credentials."),
    );
    await expect(execute(job({}))).rejects.toThrow(new PermanentActionError("Klaviyo: Pick a list (listName)."));
  });
});
