import { beforeAll, describe, expect, it } from "vitest";
import { makeJob } from "../../test-support/jobs.js";
import { PermanentActionError, RetryableActionError } from "../../actions/types.js";
import { serviceContext } from "../../context.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { KLAVIYO_KEY, startKlaviyoFake } from "./fake.js";
import { klaviyoService } from "./index.js";

const app = serviceTestApp(startKlaviyoFake);
let klaviyoId: string;

beforeAll(async () => {
  klaviyoId = await create(KLAVIYO_KEY);
});

const create = async (key: string) =>
  (await app.owner.integrations.create({ type: "KLAVIYO", private_api_key: key })).success.integrationid;

const job = (model: Record<string, unknown>, integrationID = klaviyoId) =>
  makeJob({ accountId: app.accountId, integrationType: "KLAVIYO", action: "moveList", integrationID, model });

const context = (key: string) => serviceContext({ kind: "KLAVIYO", credentials: { private_api_key: key }, now: () => new Date() });
const calls = () => app.fake.requests.map((r) => `${r.method} ${r.path}`);

describe("Klaviyo", () => {
  it("through the routes: /klaviyo/check asks Klaviyo (422 in its words), the saved integration's test too, getlists caches lists", async () => {
    await expect(app.owner.integrations.check("klaviyo", { private_api_key: KLAVIYO_KEY })).resolves.toMatchObject({ success: true, message: "Connected to the Klaviyo account Acme Webinars." });
    await expect(app.owner.integrations.check("klaviyo", { private_api_key: "pk_wrong" })).rejects.toMatchObject({ status: 422, message: "Klaviyo answered HTTP 401: Incorrect authentication credentials." });
    await expect(app.owner.integrations.test(klaviyoId)).resolves.toMatchObject({ success: true });
    const { success } = await app.owner.integrations.getLists("klaviyo", { integrationID: klaviyoId, refresh: true });
    expect((success as Record<string, unknown[]>).lists).toHaveLength(12);
  });

  it("check reads the key's account with the Klaviyo-API-Key header and a revision, and says Klaviyo's refusal", async () => {
    await expect(klaviyoService.check(context(KLAVIYO_KEY))).resolves.toBe("Connected to the Klaviyo account Acme Webinars.");
    const [request] = app.fake.calls("GET /api/accounts");
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
    expect(app.fake.calls("GET /api/lists").map((r) => r.query.get("page[cursor]"))).toEqual([null, "10"]);
    expect(app.fake.calls("GET /api/lists")[0]?.query.get("fields[list]")).toBe("name");
  });

  it("moveList upserts the profile with its names and adds it to the list, once however often it runs", async () => {
    await expect(app.execute(job({ listName: "Y6nRLr0" }))).resolves.toEqual({
      status: "sent",
      detail: "profile 01HPROFILE0001 added to list Y6nRLr0 (HTTP 204)",
    });
    expect(calls()).toEqual(["POST /api/profile-import", "POST /api/lists/Y6nRLr0/relationships/profiles"]);
    expect(app.fake.requests[0]?.data).toEqual({
      data: { type: "profile", attributes: { email: "ada@example.com", first_name: "Ada", last_name: "Lovelace" } },
    });
    expect(app.fake.requests[1]?.data).toEqual({ data: [{ type: "profile", id: "01HPROFILE0001" }] });
    expect(app.fake.requests.every((r) => r.headers["content-type"] === "application/vnd.api+json")).toBe(true);
    await app.execute(job({ listName: "Y6nRLr0" }));
    expect(app.fake.state.profiles.size).toBe(1);
    expect(app.fake.state.members.get("Y6nRLr0")).toEqual(new Set(["01HPROFILE0001"]));
  });

  it("retries after Klaviyo's 429 or 5xx, gives up on a refused key in Klaviyo's words, refuses a node without its list", async () => {
    let failures = 1;
    app.fake.on({
      "POST /api/lists/Y6nRLr1/relationships/profiles": () =>
        failures-- > 0
          ? { status: 429, json: { errors: [{ id: "x", status: 429, code: "throttled", title: "Request was throttled.", detail: "Request was throttled. Expected available in 1 second." }] } }
          : { status: 204 },
    });
    await expect(app.execute(job({ listName: "Y6nRLr1" }))).rejects.toThrow(
      new RetryableActionError("Klaviyo answered HTTP 429: Request was throttled. Expected available in 1 second."),
    );
    await expect(app.execute(job({ listName: "Y6nRLr1" }))).resolves.toMatchObject({ status: "sent" });

    const wrong = await create("pk_revoked");
    await expect(app.execute(job({ listName: "Y6nRLr0" }, wrong))).rejects.toThrow(
      new PermanentActionError("Klaviyo answered HTTP 401: Incorrect authentication credentials."),
    );
    await expect(app.execute(job({}))).rejects.toThrow(new PermanentActionError("Klaviyo: Pick a list (listName)."));
  });
});
