import { beforeAll, describe, expect, it } from "vitest";
import type { ReceivedRequest } from "../../test-support/fakeService.js";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";
import { connectOAuth } from "../../test-support/oauth.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";

const TOKEN = "hs-token-0123456789";
/** A private-app access token (https://developers.hubspot.com/docs/api/private-apps), sent as Bearer too. */
const PRIVATE_APP_TOKEN = "pat-na1-11111111-2222-3333-4444-555555555555";
const ENROL = "/automation/v2/workflows/4567/enrollments/contacts/ada%40example.com";

const bearer = (request: ReceivedRequest, answer: { status?: number; json?: unknown }) =>
  [`Bearer ${TOKEN}`, `Bearer ${PRIVATE_APP_TOKEN}`].includes(String(request.headers.authorization))
    ? answer
    : { status: 401, json: { status: "error", message: "Authentication credentials not found", category: "INVALID_AUTHENTICATION" } };

let hubspotId: string;

const app = serviceTestApp({
  "POST /oauth/v1/token": () => ({ json: { access_token: TOKEN, refresh_token: "hs-refresh", expires_in: 1800 } }),
  [`POST ${ENROL}`]: (r) => bearer(r, { status: 204 }),
  "POST /automation/v2/workflows/404/enrollments/contacts/ada%40example.com": () => ({
    status: 404,
    json: { status: "error", message: "Workflow not found" },
  }),
  "POST /contacts/v1/lists/22/add": (r) => bearer(r, { json: { updated: [1], discarded: [] } }),
  // https://developers.hubspot.com/docs/api/crm/contacts (list contacts; 401 without a valid token)
  "GET /crm/v3/objects/contacts": (r) => bearer(r, { json: { results: [], paging: undefined } }),
});

beforeAll(async () => {
  hubspotId = await connectOAuth(app.owner, "hubspot", "hs-code");
});

const job = (action: string, model: Record<string, unknown>, integrationID = hubspotId) =>
  makeJob({ accountId: app.accountId, integrationType: "HUBSPOT", action, integrationID, model });

describe("HubSpot", () => {
  it("the check reads one contact with the OAuth bearer token", async () => {
    await expect(app.owner.integrations.test(hubspotId)).resolves.toEqual({ success: true, message: "Connected to HubSpot: its contacts can be read." });
    const [request] = app.fake.calls("GET /crm/v3/objects/contacts");
    expect(request?.query.get("limit")).toBe("1");
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("addToWorkflow enrols the registrant's email with the OAuth bearer token", async () => {
    await expect(app.execute(job("addToWorkflow", { workflowName: "4567" }))).resolves.toEqual({
      status: "sent",
      detail: "enrolled in workflow 4567 (HTTP 204)",
    });
    const [request] = app.fake.requests;
    expect([request?.method, request?.path]).toEqual(["POST", ENROL]);
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("moveList adds the email to the static list", async () => {
    await expect(app.execute(job("moveList", { listName: "22" }))).resolves.toMatchObject({ status: "sent" });
    expect(app.fake.calls("POST /contacts/v1/lists/22/add")[0]?.data).toEqual({ emails: ["ada@example.com"] });
  });

  it("gives up on 404 with HubSpot's words, retries on 429, refuses a node without its workflow", async () => {
    await expect(app.execute(job("addToWorkflow", { workflowName: "404" }))).rejects.toThrow(
      new PermanentActionError("HubSpot answered HTTP 404: Workflow not found"),
    );
    app.fake.on({ [`POST ${ENROL}`]: () => ({ status: 429, json: { message: "You have reached your secondly limit." } }) });
    await expect(app.execute(job("addToWorkflow", { workflowName: "4567" }))).rejects.toBeInstanceOf(RetryableActionError);
    await expect(app.execute(job("addToWorkflow", {}))).rejects.toThrow(
      new PermanentActionError("HubSpot: Pick a workflow (workflowName)."),
    );
  });
});

describe("HubSpot with a private-app token typed in instead of the sign-in", () => {
  const withPrivateToken = async (token: string) =>
    (await app.owner.integrations.create({ type: "HUBSPOT", access_token: token })).success.integrationid;

  it("the check reads one contact with the private-app token as Bearer, before and after saving", async () => {
    await expect(app.owner.integrations.check("hubspot", { access_token: PRIVATE_APP_TOKEN })).resolves.toMatchObject({
      message: "Connected to HubSpot: its contacts can be read.",
    });
    const id = await withPrivateToken(PRIVATE_APP_TOKEN);
    await expect(app.owner.integrations.test(id)).resolves.toEqual({ success: true, message: "Connected to HubSpot: its contacts can be read." });
    const calls = app.fake.calls("GET /crm/v3/objects/contacts");
    expect(calls.map((request) => request.headers.authorization)).toEqual([`Bearer ${PRIVATE_APP_TOKEN}`, `Bearer ${PRIVATE_APP_TOKEN}`]);
    expect(app.fake.calls("POST /oauth/v1/token")).toHaveLength(0);
    const { success } = await app.owner.integrations.list();
    expect(success[id]).toMatchObject({ connected: true, access_token: "••••5555" });
  });

  it("a revoked token: 422 in HubSpot's words and not connected; none at all is a 400 naming the field", async () => {
    const id = await withPrivateToken("pat-na1-revoked-0000");
    await expect(app.owner.integrations.test(id)).rejects.toMatchObject({ status: 422, message: "HubSpot answered: Authentication credentials not found" });
    expect((await app.owner.integrations.list()).success[id]).toMatchObject({ connected: false });
    await expect(app.owner.integrations.create({ type: "HUBSPOT" })).rejects.toMatchObject({ status: 400, data: { field: "blocks.access_token" } });
  });

  it("the actions send the same token", async () => {
    const id = await withPrivateToken(PRIVATE_APP_TOKEN);
    await expect(app.execute(job("moveList", { listName: "22" }, id))).resolves.toMatchObject({ status: "sent" });
    expect(app.fake.calls("POST /contacts/v1/lists/22/add")[0]?.headers.authorization).toBe(`Bearer ${PRIVATE_APP_TOKEN}`);
  });

  it("a signed-in HubSpot keeps its grant: its access cannot be replaced by a typed token", async () => {
    await expect(app.owner.integrations.update(hubspotId, { access_token: PRIVATE_APP_TOKEN })).rejects.toMatchObject({ status: 400 });
  });
});
