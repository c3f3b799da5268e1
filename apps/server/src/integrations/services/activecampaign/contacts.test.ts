import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";
import type { FakeAnswer, FakeRoutes, ReceivedRequest } from "../../test-support/fakeService.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";

/*
 * ActiveCampaign API v3 as its reference documents it (the calls addToAutomation and delete make),
 * on the account's own API URL with the `Api-Token` header:
 * - Sync a contact — https://developers.activecampaign.com/reference/sync-a-contacts-data
 *   (`POST /api/3/contact/sync` `{contact: {email, firstName, lastName, phone}}` → `{contact: {id, …}}`)
 * - List all automations a contact is in — https://developers.activecampaign.com/reference/list-all-contactautomations-for-contact
 *   (`GET /api/3/contacts/{id}/contactAutomations` → `{contactAutomations: [{automation, seriesid, status: "1" running | "2" ended, …}]}`)
 * - Add a contact to an automation — https://developers.activecampaign.com/reference/create-new-contactautomation
 *   (`POST /api/3/contactAutomations` `{contactAutomation: {contact, automation}}` → 201)
 * - List contacts by email — https://developers.activecampaign.com/reference/list-all-contacts (`GET /api/3/contacts?email=`)
 * - Delete a contact — https://developers.activecampaign.com/reference/delete-contact (`DELETE /api/3/contacts/{id}` → 200 `{}`)
 * - Errors: 403 `{message}` for a refused token; 404 `{message: "No Result found for Subscriber with id …"}`.
 */

const KEY = "ac-key-0123456789-abcd";

let acId: string;
/** The account's contacts by email, and each contact's automation runs. */
const contacts = new Map<string, string>();
const runs = new Map<string, Array<{ id: string; automation: string; seriesid: string; status: string; contact: string }>>();

const ac = (r: ReceivedRequest, answer: () => FakeAnswer): FakeAnswer =>
  r.headers["api-token"] === KEY ? answer() : { status: 403, json: { message: "You are not authorized to access this resource" } };

const contactRoutes = (id: string) => ({
  [`GET /api/3/contacts/${id}/contactAutomations`]: (r: ReceivedRequest) =>
    ac(r, () => ({ json: { contactAutomations: runs.get(id) ?? [], meta: { total: String(runs.get(id)?.length ?? 0) } } })),
  [`DELETE /api/3/contacts/${id}`]: (r: ReceivedRequest) =>
    ac(r, () => {
      const email = [...contacts].find(([, value]) => value === id)?.[0];
      if (!email) return { status: 404, json: { message: `No Result found for Subscriber with id ${id}` } };
      contacts.delete(email);
      return { json: {} };
    }),
});

/** The fake's routes; tests that make ActiveCampaign fail replace one, `beforeEach` puts them back. */
const routes = (): FakeRoutes => ({
  "POST /api/3/contact/sync": (r) =>
    ac(r, () => {
      const { email } = (r.data as { contact: { email: string } }).contact;
      if (!contacts.has(email)) contacts.set(email, String(12 + contacts.size));
      return { status: 201, json: { contact: { id: contacts.get(email), email } } };
    }),
  "GET /api/3/contacts": (r) => ac(r, () => {
    const id = contacts.get(r.query.get("email") ?? "");
    return { json: { contacts: id ? [{ id, email: r.query.get("email") }] : [], meta: { total: id ? "1" : "0" } } };
  }),
  "POST /api/3/contactAutomations": (r) =>
    ac(r, () => {
      const { contact, automation } = (r.data as { contactAutomation: { contact: string; automation: string } }).contactAutomation;
      const list = runs.get(contact) ?? [];
      const run = { id: String(100 + list.length), contact, automation, seriesid: automation, status: "1" };
      runs.set(contact, [...list, run]);
      return { status: 201, json: { contactAutomation: run } };
    }),
  ...contactRoutes("12"),
});

const app = serviceTestApp(routes());

beforeAll(async () => {
  acId = (await app.owner.integrations.create({ type: "ACTIVECAMPAIGN", api_url: "https://acme.api-us1.com", api_key: KEY })).success.integrationid;
});
beforeEach(() => {
  app.fake.on(routes());
  contacts.clear();
  runs.clear();
});

const job = (action: string, model: Record<string, unknown> = {}, registrant: Partial<Parameters<typeof makeJob>[0]["registrant"]> = {}, integrationID = acId) =>
  makeJob({ accountId: app.accountId, integrationType: "ACTIVECAMPAIGN", action, integrationID, model, registrant });
const calls = () => app.fake.requests.map((r) => `${r.method} ${r.path}`);

describe("ActiveCampaign addToAutomation", () => {
  it("syncs the contact, looks at its automations and adds it to the picked one", async () => {
    await expect(app.execute(job("addToAutomation", { automationName: "3" }))).resolves.toEqual({
      status: "sent",
      detail: "contact 12 added to automation 3 (HTTP 201)",
    });
    expect(calls()).toEqual(["POST /api/3/contact/sync", "GET /api/3/contacts/12/contactAutomations", "POST /api/3/contactAutomations"]);
    expect(app.fake.requests.every((r) => r.headers["api-token"] === KEY)).toBe(true);
    expect(app.fake.requests[2]?.data).toEqual({ contactAutomation: { contact: "12", automation: "3" } });
  });

  it("a retry after a lost answer does not start a second run", async () => {
    app.fake.on({
      "POST /api/3/contactAutomations": (r) => {
        const { contact, automation } = (r.data as { contactAutomation: { contact: string; automation: string } }).contactAutomation;
        runs.set(contact, [{ id: "100", contact, automation, seriesid: automation, status: "1" }]);
        return { status: 504, json: { message: "Gateway Timeout" } };
      },
    });
    await expect(app.execute(job("addToAutomation", { automationName: "3" }))).rejects.toThrow(
      new RetryableActionError("ActiveCampaign answered HTTP 504: Gateway Timeout"),
    );
    await expect(app.execute({ ...job("addToAutomation", { automationName: "3" }), attempt: 2 })).resolves.toEqual({
      status: "sent",
      detail: "contact 12 is in automation 3 (added once)",
    });
    expect(calls().filter((call) => call === "POST /api/3/contactAutomations")).toHaveLength(1);
    expect(runs.get("12")).toHaveLength(1);
  });

  it("skips a contact already running the automation; adds one whose earlier run ended", async () => {
    contacts.set("ada@example.com", "12");
    runs.set("12", [{ id: "90", contact: "12", automation: "3", seriesid: "3", status: "1" }]);
    await expect(app.execute(job("addToAutomation", { automationName: "3" }))).resolves.toEqual({
      status: "skipped",
      reason: "the contact is already in this automation",
    });
    runs.set("12", [{ id: "90", contact: "12", automation: "3", seriesid: "3", status: "2" }]);
    await expect(app.execute(job("addToAutomation", { automationName: "3" }))).resolves.toMatchObject({ status: "sent" });
    expect(runs.get("12")).toHaveLength(2);
  });

  it("refuses a node without its automation", async () => {
    await expect(app.execute(job("addToAutomation"))).rejects.toThrow(
      new PermanentActionError("ActiveCampaign: Pick an automation (automationName)."),
    );
  });
});

describe("ActiveCampaign delete", () => {
  it("finds the contact by email and deletes it", async () => {
    contacts.set("ada@example.com", "12");
    await expect(app.execute(job("delete"))).resolves.toEqual({ status: "sent", detail: "contact 12 deleted (HTTP 200)" });
    expect(calls()).toEqual(["GET /api/3/contacts", "DELETE /api/3/contacts/12"]);
    expect(app.fake.requests[0]?.query.get("email")).toBe("ada@example.com");
    expect(contacts.size).toBe(0);
  });

  it("skips a registrant who is not a contact (a retry after the delete ends here) or has no email", async () => {
    await expect(app.execute(job("delete"))).resolves.toEqual({
      status: "skipped",
      reason: "the registrant is not (or no longer) an ActiveCampaign contact",
    });
    await expect(app.execute(job("delete", {}, { email: "" }))).resolves.toEqual({ status: "skipped", reason: "the registrant has no email address" });
    expect(calls()).toEqual(["GET /api/3/contacts"]);
  });

  it("shows a refused key in ActiveCampaign's words, permanently", async () => {
    const wrong = (await app.owner.integrations.create({ type: "ACTIVECAMPAIGN", api_url: "https://acme.api-us1.com", api_key: "wrong-key-0123456789" }))
      .success.integrationid;
    await expect(app.execute(job("delete", {}, {}, wrong))).rejects.toThrow(
      new PermanentActionError("ActiveCampaign answered HTTP 403: You are not authorized to access this resource"),
    );
  });
});
