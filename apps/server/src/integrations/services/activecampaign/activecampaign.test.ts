import { beforeAll, describe, expect, it } from "vitest";
import type { ReceivedRequest } from "../../test-support/fakeService.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";

const KEY = "ac-key-0123456789-abcd";

/** ActiveCampaign API v3 as it answers, refusing any other API token. */
const ac = (request: ReceivedRequest, answer: { status?: number; json?: unknown }) =>
  request.headers["api-token"] === KEY ? answer : { status: 403, json: { message: "No Result found for Subscriber with id 0" } };

const app = serviceTestApp({
  "POST /api/3/contact/sync": (r) => ac(r, { status: 201, json: { contact: { id: "12", email: "ada@example.com" } } }),
  "GET /api/3/contacts": (r) => ac(r, { json: { contacts: r.query.get("email") === "ada@example.com" ? [{ id: "12" }] : [] } }),
  "GET /api/3/tags": (r) => ac(r, { json: { tags: r.query.get("search") === "vip" ? [{ id: "7", tag: "VIP" }] : [] } }),
  "POST /api/3/tags": (r) => ac(r, { status: 201, json: { tag: { id: "8", tag: (r.data as { tag: { tag: string } }).tag.tag } } }),
  "POST /api/3/contactTags": (r) => ac(r, { status: 201, json: { contactTag: { id: "99" } } }),
  "GET /api/3/contacts/12/contactTags": (r) => ac(r, { json: { contactTags: [{ id: "99", tag: "7", contact: "12" }] } }),
  "DELETE /api/3/contactTags/99": (r) => ac(r, { json: {} }),
  "POST /api/3/contactLists": (r) => ac(r, { status: 201, json: { contactList: { id: "5" } } }),
});
let acId: string;

beforeAll(async () => {
  acId = await create(KEY);
});

const create = async (key: string) =>
  (await app.owner.integrations.create({ type: "ACTIVECAMPAIGN", api_url: "https://acme.api-us1.com", api_key: key })).success
    .integrationid;

const job = (action: string, model: Record<string, unknown>, integrationID = acId) =>
  makeJob({ accountId: app.accountId, integrationType: "ACTIVECAMPAIGN", action, integrationID, model });
const calls = () => app.fake.requests.map((r) => `${r.method} ${r.path}`);

describe("ActiveCampaign", () => {
  it("addTag syncs the contact and tags it by the picked tag id, with the Api-Token header", async () => {
    await expect(app.execute(job("addTag", { tagName: "7" }))).resolves.toEqual({
      status: "sent",
      detail: "contact 12 tagged 7 (HTTP 201)",
    });
    expect(calls()).toEqual(["POST /api/3/contact/sync", "POST /api/3/contactTags"]);
    expect(app.fake.requests.every((r) => r.headers["api-token"] === KEY)).toBe(true);
    expect(app.fake.requests[0]?.data).toEqual({
      contact: { email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", phone: "+15551230007" },
    });
    expect(app.fake.requests[1]?.data).toEqual({ contactTag: { contact: "12", tag: "7" } });
  });

  it("addTag by name finds the tag lower-cased, or creates it lower-cased", async () => {
    await app.execute(job("addTag", { tagName: "VIP" }));
    expect(app.fake.calls("GET /api/3/tags")[0]?.query.get("search")).toBe("vip");
    expect(app.fake.calls("POST /api/3/contactTags")[0]?.data).toEqual({ contactTag: { contact: "12", tag: "7" } });
    app.fake.requests.length = 0;
    await app.execute(job("addTag", { tagName: "Replay Watcher" }));
    expect(app.fake.calls("POST /api/3/tags")[0]?.data).toEqual({ tag: { tag: "replay watcher", tagType: "contact", description: "" } });
    expect(app.fake.calls("POST /api/3/contactTags")[0]?.data).toEqual({ contactTag: { contact: "12", tag: "8" } });
  });

  it("removeTag deletes the contact's tag link; skips when there is no contact or no such tag", async () => {
    await expect(app.execute(job("removeTag", { tagName: "7" }))).resolves.toMatchObject({ status: "sent" });
    expect(calls()).toEqual(["GET /api/3/contacts", "GET /api/3/contacts/12/contactTags", "DELETE /api/3/contactTags/99"]);
    await expect(app.execute(job("removeTag", { tagName: "3" }))).resolves.toEqual({
      status: "skipped",
      reason: "the contact does not have this tag",
    });
    const stranger = { ...job("removeTag", { tagName: "7" }) };
    stranger.registrant = { ...stranger.registrant, email: "bob@example.com" };
    await expect(app.execute(stranger)).resolves.toEqual({
      status: "skipped",
      reason: "the registrant is not an ActiveCampaign contact",
    });
  });

  it("moveList syncs the contact and subscribes it to the list", async () => {
    await expect(app.execute(job("moveList", { listName: "3" }))).resolves.toMatchObject({ status: "sent" });
    expect(app.fake.calls("POST /api/3/contactLists")[0]?.data).toEqual({ contactList: { list: "3", contact: "12", status: 1 } });
  });

  it("gives up on a refused key, retries on 5xx, refuses a node without its tag", async () => {
    const wrong = await create("wrong-key-0123456789");
    await expect(app.execute(job("moveList", { listName: "3" }, wrong))).rejects.toBeInstanceOf(PermanentActionError);
    app.fake.on({ "POST /api/3/contact/sync": () => ({ status: 502, json: { message: "Bad gateway" } }) });
    await expect(app.execute(job("moveList", { listName: "3" }))).rejects.toThrow(
      new RetryableActionError("ActiveCampaign answered HTTP 502: Bad gateway"),
    );
    await expect(app.execute(job("addTag", {}))).rejects.toThrow(
      new PermanentActionError("ActiveCampaign: Pick a tag (tagName)."),
    );
  });
});
