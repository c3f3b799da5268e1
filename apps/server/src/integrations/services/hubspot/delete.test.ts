import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";
import { connectOAuth } from "../../test-support/oauth.js";
import type { FakeAnswer, ReceivedRequest } from "../../test-support/fakeService.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";

/*
 * HubSpot CRM v3 contacts as its reference documents them (the calls `delete` makes):
 * - Retrieve a contact by email — https://developers.hubspot.com/docs/api-reference/crm-contacts-v3/basic/get-crm-v3-objects-contacts-contactId
 *   (`GET /crm/v3/objects/contacts/{email}?idProperty=email` → `{id, properties, …}`; unknown → 404)
 * - Delete a contact — https://developers.hubspot.com/docs/api-reference/legacy/crm/objects/contacts/delete-contact
 *   (`DELETE /crm/v3/objects/contacts/{contactId}` → 204, "restored within 90 days")
 * - Errors — https://developers.hubspot.com/docs/api/error-handling
 *   (`{status: "error", message, correlationId, category}`)
 */

const TOKEN = "hs-token-0123456789";
const CONTACTS = "/crm/v3/objects/contacts";

let hubspotId: string;
/** Live contacts: email → id (deleting archives: the contact leaves this map). */
const contacts = new Map<string, string>();

const hubspotError = (status: number, category: string, message: string): FakeAnswer => ({
  status,
  json: { status: "error", message, correlationId: "4f1a-9c2e", category },
});
const bearer = (r: ReceivedRequest, answer: () => FakeAnswer): FakeAnswer =>
  r.headers.authorization === `Bearer ${TOKEN}`
    ? answer()
    : hubspotError(401, "INVALID_AUTHENTICATION", "Authentication credentials not found.");
const NOT_FOUND = hubspotError(404, "OBJECT_NOT_FOUND", "Object not found.  objectId are usually numeric.");

const byEmail = (email: string) => (r: ReceivedRequest) =>
  bearer(r, () => {
    if (r.query.get("idProperty") !== "email") return NOT_FOUND;
    const id = contacts.get(email);
    return id ? { json: { id, properties: { email, hs_object_id: id }, archived: false } } : NOT_FOUND;
  });
const remove = (id: string) => (r: ReceivedRequest) =>
  bearer(r, () => {
    const email = [...contacts].find(([, value]) => value === id)?.[0];
    if (!email) return NOT_FOUND;
    contacts.delete(email);
    return { status: 204 };
  });

const app = serviceTestApp({
  "POST /oauth/v1/token": () => ({ json: { access_token: TOKEN, refresh_token: "hs-refresh", expires_in: 1800 } }),
  [`GET ${CONTACTS}/ada%40example.com`]: byEmail("ada@example.com"),
  [`GET ${CONTACTS}/nobody%40example.com`]: byEmail("nobody@example.com"),
  [`DELETE ${CONTACTS}/501`]: remove("501"),
});

beforeAll(async () => {
  hubspotId = await connectOAuth(app.owner, "hubspot", "hs-code");
});
beforeEach(() => {
  contacts.clear();
  contacts.set("ada@example.com", "501");
});

const job = (registrant: Partial<Parameters<typeof makeJob>[0]["registrant"]> = {}) =>
  makeJob({ accountId: app.accountId, integrationType: "HUBSPOT", action: "delete", integrationID: hubspotId, model: {}, registrant });
const calls = () => app.fake.requests.map((r) => `${r.method} ${r.path}`);

describe("HubSpot delete", () => {
  it("finds the contact by email and deletes it, with the OAuth token", async () => {
    await expect(app.execute(job())).resolves.toEqual({
      status: "sent",
      detail: "contact 501 deleted (HubSpot keeps it restorable for 90 days) (HTTP 204)",
    });
    expect(calls()).toEqual([`GET ${CONTACTS}/ada%40example.com`, `DELETE ${CONTACTS}/501`]);
    expect(app.fake.requests.every((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(contacts.size).toBe(0);
  });

  it("a retry after a lost answer deletes nothing more: the contact is gone, skipped", async () => {
    app.fake.on({ [`DELETE ${CONTACTS}/501`]: (r) => (remove("501")(r), hubspotError(502, "BAD_GATEWAY", "Bad Gateway")) });
    await expect(app.execute(job())).rejects.toThrow(new RetryableActionError("HubSpot answered HTTP 502: Bad Gateway"));
    app.fake.on({ [`DELETE ${CONTACTS}/501`]: remove("501") });
    await expect(app.execute({ ...job(), attempt: 2 })).resolves.toEqual({
      status: "skipped",
      reason: "the registrant is not (or no longer) a HubSpot contact",
    });
    expect(calls().filter((call) => call.startsWith("DELETE"))).toHaveLength(1);
  });

  it("skips an unknown registrant or one without an email; shows HubSpot's refusal in its words", async () => {
    await expect(app.execute(job({ email: "nobody@example.com" }))).resolves.toMatchObject({ status: "skipped" });
    await expect(app.execute(job({ email: "" }))).resolves.toEqual({ status: "skipped", reason: "the registrant has no email address" });
    app.fake.on({ [`DELETE ${CONTACTS}/501`]: () => hubspotError(403, "MISSING_SCOPES", "This app hasn't been granted all required scopes to make this call.") });
    await expect(app.execute(job())).rejects.toThrow(
      new PermanentActionError("HubSpot answered HTTP 403: This app hasn't been granted all required scopes to make this call."),
    );
  });
});
