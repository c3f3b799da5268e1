import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { ONTRAPORT_APP_ID, ONTRAPORT_KEY, startOntraportFake } from "./fake.js";

let opId: string;

const KEYS = { api_app_id: ONTRAPORT_APP_ID, api_key: ONTRAPORT_KEY };

const app = serviceTestApp(startOntraportFake);

beforeAll(async () => {
  opId = await create();
});
beforeEach(() => {
  app.fake.contacts.length = 0;
});

async function create(fields: Record<string, string> = {}): Promise<string> {
  return (await app.owner.integrations.create({ type: "ONTRAPORT", ...KEYS, ...fields })).success.integrationid;
}
const job = (action: string, model: Record<string, unknown> = {}, integrationID = opId) =>
  makeJob({ accountId: app.accountId, integrationType: "ONTRAPORT", action, integrationID, model });
const calls = () => app.fake.requests.map((request) => `${request.method} ${request.path}`);
const form = (route: string, n = 0) => Object.fromEntries(new URLSearchParams(app.fake.calls(route)[n]?.body ?? ""));

describe("Ontraport check and lists", () => {
  it("asks Ontraport with the App ID and key headers and says what it answered; a wrong pair is refused in its words", async () => {
    await expect(app.owner.integrations.check("ontraport", KEYS)).resolves.toMatchObject({
      success: true,
      message: "Ontraport accepted the App ID and key (1,200 contacts).",
    });
    const [request] = app.fake.calls("GET /1/objects/getInfo");
    expect(request?.headers["api-appid"]).toBe(ONTRAPORT_APP_ID);
    expect(request?.headers["api-key"]).toBe(ONTRAPORT_KEY);
    expect(request?.query.get("objectID")).toBe("0");
    await expect(app.owner.integrations.check("ontraport", { ...KEYS, api_key: "wrong-key-00000000" })).rejects.toMatchObject({
      status: 422,
      message: "Ontraport answered: Invalid AppID / API key combination",
    });
    await expect(app.owner.integrations.test(opId)).resolves.toMatchObject({ success: true });
  });

  it("lists every tag (paged by 50), the campaigns and the sequences", async () => {
    const { success } = (await app.owner.integrations.getLists("ontraport", { integrationID: opId, refresh: true })) as {
      success: Record<string, Array<{ id: string; name: string }>>;
    };
    expect(success.tags).toHaveLength(52);
    expect(success.tags?.[0]).toEqual({ id: "1", name: "Webinar registrant" });
    expect(success.campaigns).toEqual([{ id: "8", name: "Webinar follow-up" }]);
    expect(success.sequences).toEqual([{ id: "4", name: "Replay reminders" }]);
    expect(app.fake.calls("GET /1/Tags").map((request) => [request.query.get("start"), request.query.get("range")])).toEqual([
      ["0", "50"],
      ["50", "50"],
    ]);
  });
});

describe("Ontraport actions", () => {
  it("addTag saves the contact (form-encoded) and tags it; a second run merges into the same contact", async () => {
    await expect(app.execute(job("addTag", { tagName: "1" }))).resolves.toEqual({ status: "sent", detail: "contact 42 tagged 1" });
    expect(calls()).toEqual(["POST /1/Contacts/saveorupdate", "PUT /1/objects/tag"]);
    expect(form("POST /1/Contacts/saveorupdate")).toEqual({ email: "ada@example.com", firstname: "Ada", lastname: "Lovelace" });
    expect(form("PUT /1/objects/tag")).toEqual({ objectID: "0", add_list: "1", ids: "42" });
    await expect(app.execute({ ...job("addTag", { tagName: "1" }), attempt: 2 })).resolves.toMatchObject({ status: "sent" });
    expect(app.fake.contacts).toHaveLength(1);
    expect([...app.fake.contacts[0]!.tags]).toEqual(["1"]);
  });

  it("removeTag finds the contact by email and removes the tag (parameters in the query); skips a stranger", async () => {
    await app.execute(job("addTag", { tagName: "2" }));
    app.fake.requests.length = 0;
    await expect(app.execute(job("removeTag", { tagName: "2" }))).resolves.toEqual({ status: "sent", detail: "tag 2 removed from contact 42" });
    expect(calls()).toEqual(["GET /1/object/getByEmail", "DELETE /1/objects/tag"]);
    expect(Object.fromEntries(app.fake.calls("DELETE /1/objects/tag")[0]!.query)).toEqual({ objectID: "0", remove_list: "2", ids: "42" });
    expect(app.fake.contacts[0]!.tags.size).toBe(0);
    const stranger = job("removeTag", { tagName: "2" });
    stranger.registrant = { ...stranger.registrant, email: "bob@example.com" };
    await expect(app.execute(stranger)).resolves.toEqual({ status: "skipped", reason: "the registrant is not an Ontraport contact" });
  });

  it("addToCampaign and addToSequence subscribe the contact with the documented sub_type; a retry after a 500 subscribes once", async () => {
    app.fake.failNext("PUT /1/objects/subscribe", 500, "Internal Server Error");
    await expect(app.execute(job("addToCampaign", { campaignName: "8" }))).rejects.toThrow(
      new RetryableActionError("Ontraport answered HTTP 500: Internal Server Error"),
    );
    await expect(app.execute({ ...job("addToCampaign", { campaignName: "8" }), attempt: 2 })).resolves.toEqual({
      status: "sent",
      detail: "contact 42 added to campaign 8",
    });
    expect(form("PUT /1/objects/subscribe", 1)).toEqual({ objectID: "0", add_list: "8", ids: "42", sub_type: "Campaign" });
    await app.execute(job("addToSequence", { sequenceName: "4" }));
    expect(form("PUT /1/objects/subscribe", 2)).toEqual({ objectID: "0", add_list: "4", ids: "42", sub_type: "Sequence" });
    expect(app.fake.contacts).toHaveLength(1);
    expect([...app.fake.contacts[0]!.campaigns]).toEqual(["8"]);
    expect([...app.fake.contacts[0]!.sequences]).toEqual(["4"]);
  });

  it("delete removes the contact; run again it is skipped", async () => {
    await app.execute(job("addTag", { tagName: "1" }));
    await expect(app.execute(job("delete"))).resolves.toEqual({ status: "sent", detail: "contact 42 deleted" });
    expect(app.fake.calls("DELETE /1/Contact")[0]?.query.get("id")).toBe("42");
    expect(app.fake.contacts).toHaveLength(0);
    await expect(app.execute(job("delete"))).resolves.toEqual({ status: "skipped", reason: "the registrant is not an Ontraport contact" });
  });

  it("Ontraport's refusals are permanent, in its words; a name instead of an id is refused before any call", async () => {
    await expect(app.execute(job("addToSequence", { sequenceName: "77" }))).rejects.toThrow(
      new PermanentActionError("Ontraport answered HTTP 400: Invalid sequence id"),
    );
    const wrong = await create({ api_key: "wrong-key-11111111" });
    await expect(app.execute(job("addTag", { tagName: "1" }, wrong))).rejects.toThrow(
      new PermanentActionError("Ontraport answered HTTP 401: Invalid AppID / API key combination"),
    );
    app.fake.requests.length = 0;
    await expect(app.execute(job("addTag", { tagName: "VIP" }))).rejects.toThrow(
      new PermanentActionError("Ontraport: pick a tag again from the list (tagName)."),
    );
    const noEmail = job("addTag", { tagName: "1" });
    noEmail.registrant = { ...noEmail.registrant, email: "" };
    await expect(app.execute(noEmail)).resolves.toEqual({ status: "skipped", reason: "the registrant has no email address" });
    expect(app.fake.requests).toHaveLength(0);
  });
});
