import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { MAUTIC_PASS, MAUTIC_USER, startMauticFake } from "./fake.js";

let mauticId: string;

const LOGIN = { api_domain: "https://mautic.acme.example", api_username: MAUTIC_USER, api_pass: MAUTIC_PASS };
const BASIC = `Basic ${Buffer.from(`${MAUTIC_USER}:${MAUTIC_PASS}`).toString("base64")}`;

const app = serviceTestApp(startMauticFake);

beforeAll(async () => {
  mauticId = await create();
});
beforeEach(() => {
  app.fake.contacts.length = 0;
});

async function create(fields: Record<string, string> = {}): Promise<string> {
  return (await app.owner.integrations.create({ type: "MAUTIC", ...LOGIN, ...fields })).success.integrationid;
}
const job = (action: string, model: Record<string, unknown> = {}, integrationID = mauticId) =>
  makeJob({ accountId: app.accountId, integrationType: "MAUTIC", action, integrationID, model });
const calls = () => app.fake.requests.map((request) => `${request.method} ${request.path}`);
const ada = () => app.fake.contacts.find((contact) => contact.email === "ada@example.com");

describe("Mautic check and lists", () => {
  it("asks the instance for the signed-in user with Basic auth; a wrong password is refused in Mautic's words", async () => {
    await expect(app.owner.integrations.check("mautic", LOGIN)).resolves.toMatchObject({
      success: true,
      message: `Mautic accepted the login of ${MAUTIC_USER}.`,
    });
    expect(app.fake.calls("GET /api/users/self")[0]?.headers.authorization).toBe(BASIC);
    await expect(app.owner.integrations.check("mautic", { ...LOGIN, api_pass: "wrong-pass-0000" })).rejects.toMatchObject({
      status: 422,
      message: "Mautic answered: API authorization denied.",
    });
    await expect(app.owner.integrations.test(mauticId)).resolves.toMatchObject({ success: true });
  });

  it("lists tags by name, segments and campaigns", async () => {
    const { success } = await app.owner.integrations.getLists("mautic", { integrationID: mauticId, refresh: true });
    expect(success).toMatchObject({
      tags: [
        { id: "34", name: "webinar" },
        { id: "35", name: "replay" },
      ],
      lists: [{ id: "3", name: "Webinar registrants" }],
      campaigns: [{ id: "5", name: "Webinar nurture" }],
    });
    expect(Object.fromEntries(app.fake.calls("GET /api/tags")[0]!.query)).toEqual({ start: "0", limit: "100", minimal: "true" });
  });
});

describe("Mautic actions", () => {
  it("addTag saves the contact with the tag by name; run twice it is the same contact, tagged once", async () => {
    await expect(app.execute(job("addTag", { tagName: "webinar" }))).resolves.toEqual({ status: "sent", detail: "contact 47 tagged webinar" });
    expect(app.fake.calls("POST /api/contacts/new")[0]?.data).toEqual({ email: "ada@example.com", firstname: "Ada", lastname: "Lovelace", tags: ["webinar"] });
    await app.execute({ ...job("addTag", { tagName: "webinar" }), attempt: 2 });
    expect(app.fake.contacts).toHaveLength(1);
    expect([...ada()!.tags]).toEqual(["webinar"]);
  });

  it("removeTag edits the contact with '-name' (Mautic's removal); skips a stranger", async () => {
    await app.execute(job("addTag", { tagName: "replay" }));
    app.fake.requests.length = 0;
    await expect(app.execute(job("removeTag", { tagName: "replay" }))).resolves.toEqual({ status: "sent", detail: "tag replay removed from contact 47" });
    expect(calls()).toEqual(["GET /api/contacts", "PATCH /api/contacts/47/edit"]);
    expect(app.fake.calls("GET /api/contacts")[0]?.query.get("search")).toBe("email:ada@example.com");
    expect(app.fake.calls("PATCH /api/contacts/47/edit")[0]?.data).toEqual({ tags: ["-replay"] });
    expect(ada()!.tags.size).toBe(0);
    const stranger = job("removeTag", { tagName: "replay" });
    stranger.registrant = { ...stranger.registrant, email: "bob@example.com" };
    await expect(app.execute(stranger)).resolves.toEqual({ status: "skipped", reason: "the registrant is not a Mautic contact" });
  });

  it("moveList adds the contact to the segment; a retry after a 503 adds it once", async () => {
    app.fake.failNext("POST /api/segments/add", 503, "Service Unavailable");
    await expect(app.execute(job("moveList", { listName: "3" }))).rejects.toThrow(new RetryableActionError("Mautic answered HTTP 503: Service Unavailable"));
    await expect(app.execute({ ...job("moveList", { listName: "3" }), attempt: 2 })).resolves.toEqual({
      status: "sent",
      detail: "contact 47 added to segment 3",
    });
    expect(calls()).toEqual(["POST /api/contacts/new", "POST /api/segments/3/contact/47/add", "POST /api/contacts/new", "POST /api/segments/3/contact/47/add"]);
    expect(app.fake.contacts).toHaveLength(1);
    expect([...ada()!.segments]).toEqual([3]);
  });

  it("addToCampaign adds the contact to the campaign", async () => {
    await expect(app.execute(job("addToCampaign", { campaignName: "5" }))).resolves.toEqual({
      status: "sent",
      detail: "contact 47 added to campaign 5",
    });
    expect(app.fake.calls("POST /api/campaigns/5/contact/47/add")[0]?.headers.authorization).toBe(BASIC);
    expect([...ada()!.campaigns]).toEqual([5]);
  });

  it("delete removes the contact; run again it is skipped", async () => {
    await app.execute(job("addTag", { tagName: "webinar" }));
    await expect(app.execute(job("delete"))).resolves.toEqual({ status: "sent", detail: "contact 47 deleted" });
    expect(app.fake.contacts).toHaveLength(0);
    await expect(app.execute(job("delete"))).resolves.toEqual({ status: "skipped", reason: "the registrant is not a Mautic contact" });
    expect(app.fake.calls("DELETE /api/contacts/47/delete")).toHaveLength(1);
  });

  it("Mautic's refusals are permanent, in its words; a name instead of an id is refused before any call", async () => {
    await expect(app.execute(job("moveList", { listName: "9" }))).rejects.toThrow(new PermanentActionError("Mautic answered HTTP 404: Item was not found."));
    const wrong = await create({ api_pass: "wrong-pass-1111" });
    await expect(app.execute(job("addTag", { tagName: "webinar" }, wrong))).rejects.toThrow(
      new PermanentActionError("Mautic answered HTTP 401: API authorization denied."),
    );
    app.fake.requests.length = 0;
    await expect(app.execute(job("addToCampaign", { campaignName: "Webinar nurture" }))).rejects.toThrow(
      new PermanentActionError("Mautic: pick a campaign again from the list (campaignName)."),
    );
    const noEmail = job("addTag", { tagName: "webinar" });
    noEmail.registrant = { ...noEmail.registrant, email: "" };
    await expect(app.execute(noEmail)).resolves.toEqual({ status: "skipped", reason: "the registrant has no email address" });
    expect(app.fake.requests).toHaveLength(0);
  });
});
