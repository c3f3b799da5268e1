import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";
import { connectOAuth } from "../../test-support/oauth.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { KEAP_TOKEN, startKeapFake } from "./fake.js";

let keapId: string;

const API = "/crm/rest/v2";

const app = serviceTestApp(startKeapFake);

beforeAll(async () => {
  keapId = await connectOAuth(app.owner, "infusionsoft", "keap-code");
});
beforeEach(() => {
  app.fake.state.contacts.length = 0;
  app.fake.state.sequenced.clear();
  app.fake.state.achieved.length = 0;
});

const job = (action: string, model: Record<string, unknown> = {}, integrationID = keapId) =>
  makeJob({ accountId: app.accountId, integrationType: "INFUSIONSOFT", action, integrationID, model });
const calls = () => app.fake.requests.map((request) => `${request.method} ${request.path}`);
const ada = () => app.fake.state.contacts.find((contact) => contact.email === "ada@example.com");

describe("Keap check and lists", () => {
  it("the test asks Keap with the stored token and says whose account it is", async () => {
    await expect(app.owner.integrations.test(keapId)).resolves.toMatchObject({
      success: true,
      message: "Keap accepted the sign-in: connected to Acme Webinars.",
    });
    expect(app.fake.calls(`GET ${API}/businessProfile`)[0]?.headers.authorization).toBe(`Bearer ${KEAP_TOKEN}`);
  });

  it("a refused token is shown in Keap's words and the integration is marked disconnected", async () => {
    app.fake.failNext("GET businessProfile", 401, "Invalid Access Token");
    await expect(app.owner.integrations.test(keapId)).rejects.toMatchObject({ status: 422, message: "Keap (Infusionsoft) answered: Invalid Access Token" });
  });

  it("lists tags, and every campaign's sequences and API goals as campaign:id", async () => {
    const { success } = await app.owner.integrations.getLists("infusionsoft", { integrationID: keapId, refresh: true });
    expect(success).toMatchObject({
      tags: [
        { id: "93", name: "Webinar registrant" },
        { id: "94", name: "Attended" },
      ],
      sequences: [{ id: "31:7", name: "Webinar follow-up › Replay series" }],
      goals: [{ id: "31:12", name: "Webinar follow-up › Registered (API)" }],
    });
    expect(app.fake.calls(`GET ${API}/tags`)[0]?.query.get("page_size")).toBe("1000");
  });
});

describe("Keap actions", () => {
  it("addTag creates the contact once (email, names) and applies the tag; a second run finds it", async () => {
    await expect(app.execute(job("addTag", { tagName: "93" }))).resolves.toEqual({ status: "sent", detail: "contact 1001 tagged 93" });
    expect(calls()).toEqual([`GET ${API}/contacts`, `POST ${API}/contacts`, `POST ${API}/tags/93/contacts:applyTags`]);
    expect(app.fake.calls(`GET ${API}/contacts`)[0]?.query.get("filter")).toBe("email==ada@example.com");
    expect(app.fake.calls(`POST ${API}/contacts`)[0]?.query.get("duplicate_option")).toBe("Email");
    expect(app.fake.calls(`POST ${API}/contacts`)[0]?.data).toEqual({
      email_addresses: [{ email: "ada@example.com", field: "EMAIL1" }],
      given_name: "Ada",
      family_name: "Lovelace",
    });
    expect(app.fake.calls(`POST ${API}/tags/93/contacts:applyTags`)[0]?.data).toEqual({ contact_ids: ["1001"] });
    app.fake.requests.length = 0;
    await app.execute({ ...job("addTag", { tagName: "93" }), attempt: 2 });
    expect(calls()).toEqual([`GET ${API}/contacts`, `POST ${API}/tags/93/contacts:applyTags`]);
    expect(app.fake.state.contacts).toHaveLength(1);
    expect([...ada()!.tag_ids]).toEqual(["93"]);
  });

  it("removeTag removes the tag from the contact; skips a registrant Keap does not know", async () => {
    await app.execute(job("addTag", { tagName: "94" }));
    await expect(app.execute(job("removeTag", { tagName: "94" }))).resolves.toMatchObject({ status: "sent" });
    expect(app.fake.calls(`POST ${API}/tags/94/contacts:removeTags`)[0]?.data).toEqual({ contact_ids: ["1001"] });
    expect(ada()!.tag_ids.size).toBe(0);
    const stranger = job("removeTag", { tagName: "94" });
    stranger.registrant = { ...stranger.registrant, email: "bob@example.com" };
    await expect(app.execute(stranger)).resolves.toEqual({ status: "skipped", reason: "the registrant is not a Keap contact" });
  });

  it("addToSequence adds the contact to the picked campaign sequence; a retry after a 503 adds it once", async () => {
    app.fake.failNext("POST addContacts", 503, "The service is temporarily unavailable");
    await expect(app.execute(job("addToSequence", { sequenceName: "31:7" }))).rejects.toThrow(
      new RetryableActionError("Keap (Infusionsoft) answered HTTP 503: The service is temporarily unavailable"),
    );
    await expect(app.execute({ ...job("addToSequence", { sequenceName: "31:7" }), attempt: 2 })).resolves.toEqual({
      status: "sent",
      detail: "contact 1001 added to sequence 7 of campaign 31 (SUCCESS)",
    });
    await expect(app.execute({ ...job("addToSequence", { sequenceName: "31:7" }), attempt: 3 })).resolves.toMatchObject({
      detail: expect.stringContaining("ALREADY_IN_SEQUENCE"),
    });
    expect(app.fake.calls(`POST ${API}/campaigns/31/sequences/7:addContacts`).map((request) => request.data)).toEqual([
      { contact_ids: ["1001"] },
      { contact_ids: ["1001"] },
      { contact_ids: ["1001"] },
    ]);
    expect([...app.fake.state.sequenced.get("31:7")!]).toEqual(["1001"]);
    expect(app.fake.state.contacts).toHaveLength(1);
  });

  it("achieveGoal achieves the picked API goal for the contact", async () => {
    await expect(app.execute(job("achieveGoal", { goalName: "31:12" }))).resolves.toEqual({
      status: "sent",
      detail: "contact 1001 achieved goal 12 of campaign 31",
    });
    expect(app.fake.calls(`POST ${API}/automations/goals/achieve`)[0]?.data).toEqual({ automation_id: 31, goal_id: 12, contact_id: 1001 });
    expect(app.fake.state.achieved).toEqual(["31:12:1001"]);
  });

  it("delete removes the contact; run again it is skipped", async () => {
    await app.execute(job("addTag", { tagName: "93" }));
    await expect(app.execute(job("delete"))).resolves.toEqual({ status: "sent", detail: "contact 1001 deleted (HTTP 204)" });
    expect(app.fake.state.contacts).toHaveLength(0);
    await expect(app.execute(job("delete"))).resolves.toEqual({ status: "skipped", reason: "the registrant is not a Keap contact" });
    expect(app.fake.calls(`DELETE ${API}/contacts/1001`)).toHaveLength(1);
  });

  it("Keap's refusals are permanent, in its words; a bad pick is refused before any call", async () => {
    await expect(app.execute(job("achieveGoal", { goalName: "31:13" }))).rejects.toThrow(
      new PermanentActionError("Keap (Infusionsoft) answered HTTP 404: Goal 13 not found in automation 31"),
    );
    await expect(app.execute(job("addToSequence", { sequenceName: "31:99" }))).rejects.toThrow(
      new PermanentActionError("Keap (Infusionsoft) answered HTTP 404: Sequence 99 not found"),
    );
    app.fake.requests.length = 0;
    await expect(app.execute(job("addToSequence", { sequenceName: "Replay series" }))).rejects.toThrow(
      new PermanentActionError("Keap (Infusionsoft): pick a campaign sequence again from the list (sequenceName)."),
    );
    await expect(app.execute(job("addTag", {}))).rejects.toBeInstanceOf(PermanentActionError);
    const noEmail = job("addTag", { tagName: "93" });
    noEmail.registrant = { ...noEmail.registrant, email: "" };
    await expect(app.execute(noEmail)).resolves.toEqual({ status: "skipped", reason: "the registrant has no email address" });
    expect(app.fake.requests).toHaveLength(0);
  });
});
