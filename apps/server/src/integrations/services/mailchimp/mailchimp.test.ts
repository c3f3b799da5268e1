import { beforeAll, describe, expect, it } from "vitest";
import type { ReceivedRequest } from "../../test-support/fakeService.js";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { subscriberHash } from "./actions.js";
import { makeJob } from "../../test-support/jobs.js";
import { connectOAuth } from "../../test-support/oauth.js";

const TOKEN = "mc-token-0123456789";
const ADA = subscriberHash("ada@example.com");
const MEMBER = `/3.0/lists/aud1/members/${ADA}`;

const bearer = (request: ReceivedRequest, answer: { status?: number; json?: unknown }) =>
  request.headers.authorization === `Bearer ${TOKEN}` ? answer : { status: 401, json: { title: "API Key Invalid", status: 401 } };

let mailchimpId: string;

const app = serviceTestApp({
  "POST /oauth2/token": () => ({ json: { access_token: TOKEN } }),
  "GET /oauth2/metadata": () => ({ json: { dc: "us6" } }),
  [`PUT ${MEMBER}`]: (r) => bearer(r, { json: { id: ADA, status: "subscribed" } }),
  [`POST ${MEMBER}/tags`]: (r) => bearer(r, { status: 204 }),
});

beforeAll(async () => {
  mailchimpId = await connectOAuth(app.owner, "mailchimp", "mc-code");
});

const job = (action: string, model: Record<string, unknown>) =>
  makeJob({ accountId: app.accountId, integrationType: "MAILCHIMP", action, integrationID: mailchimpId, model });

describe("Mailchimp", () => {
  it("addTag upserts the member into the audience, then adds the lower-cased tag", async () => {
    await expect(app.execute(job("addTag", { listName: "aud1", tagName: " Webinar-Lead " }))).resolves
      .toEqual({ status: "sent", detail: 'tag "webinar-lead" added (HTTP 204)' });
    const [upsert, tags] = app.fake.requests;
    expect([upsert?.method, upsert?.path]).toEqual(["PUT", MEMBER]);
    expect(upsert?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(upsert?.data).toEqual({
      email_address: "ada@example.com",
      status_if_new: "subscribed",
      merge_fields: { FNAME: "Ada", LNAME: "Lovelace" },
    });
    expect([tags?.method, tags?.path]).toEqual(["POST", `${MEMBER}/tags`]);
    expect(tags?.data).toEqual({ tags: [{ name: "webinar-lead", status: "active" }] });
  });

  it("removeTag marks the tag inactive; a registrant not in the audience is skipped", async () => {
    await expect(app.execute(job("removeTag", { listName: "aud1", tagName: "VIP" }))).resolves.toMatchObject({ status: "sent" });
    expect(app.fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${MEMBER}/tags`]);
    expect(app.fake.requests[0]?.data).toEqual({ tags: [{ name: "vip", status: "inactive" }] });
    await expect(app.execute(job("removeTag", { listName: "other", tagName: "vip" }))).resolves.toEqual({
      status: "skipped",
      reason: "the registrant is not in this Mailchimp audience",
    });
  });

  it("moveList upserts the member into the chosen audience", async () => {
    await expect(app.execute(job("moveList", { listName: "aud1" }))).resolves.toEqual({
      status: "sent",
      detail: "added to audience aud1 (HTTP 200)",
    });
    expect(app.fake.calls(`PUT ${MEMBER}`)).toHaveLength(1);
  });

  it("maps Mailchimp's refusals and failures; refuses a node without its audience", async () => {
    await expect(app.execute(job("moveList", { listName: "missing" }))).rejects.toBeInstanceOf(PermanentActionError);
    app.fake.on({ [`PUT ${MEMBER}`]: () => ({ status: 500, json: { title: "Internal Server Error" } }) });
    await expect(app.execute(job("moveList", { listName: "aud1" }))).rejects.toThrow(
      new RetryableActionError("Mailchimp answered HTTP 500: Internal Server Error"),
    );
    await expect(app.execute(job("addTag", { tagName: "vip" }))).rejects.toThrow(
      new PermanentActionError("Mailchimp: Pick an audience (listName)."),
    );
  });
});
