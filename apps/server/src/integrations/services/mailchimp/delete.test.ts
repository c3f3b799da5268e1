import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";
import { connectOAuth } from "../../test-support/oauth.js";
import type { FakeAnswer, ReceivedRequest } from "../../test-support/fakeService.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";

/*
 * Mailchimp Marketing API 3.0 as its reference documents it (the calls `delete` makes):
 * - Search members — https://mailchimp.com/developer/marketing/api/search-members/search-members/
 *   (`GET /3.0/search-members?query=`, `{exact_matches: {members, total_items}, full_search: {…}}`)
 * - Archive list member — https://mailchimp.com/developer/marketing/api/list-members/archive-list-member/
 *   (`DELETE /3.0/lists/{list_id}/members/{subscriber_hash}` → 204; an unknown member 404)
 * - Errors — https://mailchimp.com/developer/marketing/docs/errors/
 *   (`{type, title, status, detail, instance}`)
 */

const TOKEN = "mc-token-0123456789";
// md5("ada@example.com"), computed outside the code under test.
const ADA = "3e3417d7ef77d5932a6734b916515ed5";

let mailchimpId: string;
/** Members by audience: subscriber hash → status. */
const audiences = new Map<string, Map<string, { email: string; status: string }>>();

const problem = (status: number, title: string, detail: string): FakeAnswer => ({
  status,
  json: { type: "https://mailchimp.com/developer/marketing/docs/errors/", title, status, detail, instance: "f6a1-3c2e" },
});
const bearer = (r: ReceivedRequest, answer: () => FakeAnswer): FakeAnswer =>
  r.headers.authorization === `Bearer ${TOKEN}` ? answer() : problem(401, "API Key Invalid", "Your API key may be invalid, or you've attempted to access the wrong datacenter.");

const archive = (list: string, hash: string) => (r: ReceivedRequest) =>
  bearer(r, () => {
    const member = audiences.get(list)?.get(hash);
    if (!member || member.status === "archived") {
      return problem(404, "Resource Not Found", "The requested resource could not be found.");
    }
    member.status = "archived";
    return { status: 204 };
  });

const app = serviceTestApp({
  "POST /oauth2/token": () => ({ json: { access_token: TOKEN } }),
  "GET /oauth2/metadata": () => ({ json: { dc: "us6" } }),
  "GET /3.0/search-members": (r) =>
    bearer(r, () => {
      const query = (r.query.get("query") ?? "").toLowerCase();
      const members = [...audiences].flatMap(([list_id, members]) =>
        [...members].filter(([, m]) => m.email === query).map(([id, m]) => ({ id, list_id, email_address: m.email, status: m.status })),
      );
      return { json: { exact_matches: { members, total_items: members.length }, full_search: { members: [], total_items: 0 } } };
    }),
  [`DELETE /3.0/lists/aud1/members/${ADA}`]: archive("aud1", ADA),
  [`DELETE /3.0/lists/aud2/members/${ADA}`]: archive("aud2", ADA),
});

beforeAll(async () => {
  mailchimpId = await connectOAuth(app.owner, "mailchimp", "mc-code");
});
beforeEach(() => {
  audiences.set("aud1", new Map([[ADA, { email: "ada@example.com", status: "subscribed" }]]));
  audiences.set("aud2", new Map([[ADA, { email: "ada@example.com", status: "unsubscribed" }]]));
  audiences.set("aud3", new Map([["other", { email: "grace@example.com", status: "subscribed" }]]));
});

const job = (registrant: Partial<Parameters<typeof makeJob>[0]["registrant"]> = {}) =>
  makeJob({ accountId: app.accountId, integrationType: "MAILCHIMP", action: "delete", integrationID: mailchimpId, model: {}, registrant });
const calls = () => app.fake.requests.map((r) => `${r.method} ${r.path}`);

describe("Mailchimp delete", () => {
  it("archives the registrant in every audience it is in, found by email across the account", async () => {
    await expect(app.execute(job({ email: "Ada@Example.com" }))).resolves.toEqual({
      status: "sent",
      detail: "archived in audiences aud1, aud2",
    });
    expect(calls()).toEqual(["GET /3.0/search-members", `DELETE /3.0/lists/aud1/members/${ADA}`, `DELETE /3.0/lists/aud2/members/${ADA}`]);
    expect(app.fake.requests[0]?.query.get("query")).toBe("Ada@Example.com");
    expect(app.fake.requests.every((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect([...audiences.values()].map((members) => members.get(ADA)?.status)).toEqual(["archived", "archived", undefined]);
  });

  it("a retry after a lost answer archives nothing twice: an archived member is skipped", async () => {
    app.fake.on({ [`DELETE /3.0/lists/aud2/members/${ADA}`]: (r) => (archive("aud2", ADA)(r), problem(503, "Service Unavailable", "Try again later.")) });
    await expect(app.execute(job())).rejects.toBeInstanceOf(RetryableActionError);
    app.fake.on({ [`DELETE /3.0/lists/aud2/members/${ADA}`]: archive("aud2", ADA) });
    app.fake.requests.length = 0;
    await expect(app.execute({ ...job(), attempt: 2 })).resolves.toEqual({
      status: "sent",
      detail: "already archived (on an earlier try)",
    });
    expect(calls()).toEqual(["GET /3.0/search-members"]);
  });

  it("skips a registrant Mailchimp does not know or without an email; shows a refusal in Mailchimp's words", async () => {
    await expect(app.execute(job({ email: "nobody@example.com" }))).resolves.toEqual({
      status: "skipped",
      reason: "the registrant is not (or no longer) in any Mailchimp audience",
    });
    await expect(app.execute(job({ email: "" }))).resolves.toEqual({ status: "skipped", reason: "the registrant has no email address" });
    app.fake.on({ "GET /3.0/search-members": () => problem(403, "Forbidden", "You don't have permission to access this resource.") });
    await expect(app.execute(job())).rejects.toThrow(
      new PermanentActionError("Mailchimp answered HTTP 403: You don't have permission to access this resource."),
    );
  });
});
