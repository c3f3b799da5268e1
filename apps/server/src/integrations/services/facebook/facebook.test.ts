import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";
import { connectOAuth } from "../../test-support/oauth.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { normalizePhone } from "./addToAudience.js";
import { startFacebookFake } from "./fake.js";

// SHA-256 of the normalised values, as Meta matches them (computed once, outside the code under test).
const ADA_EMAIL = "b5fc85e55755f9e0d030a10ab4429b6b2944855f9a0d60077fe832becbc41d72"; // ada@example.com
const ADA_PHONE = "d09177670c142e909e5fe4d447f8d75eaca863aee35faa6f2207635fbeeb0b2e"; // 15551230007
const USERS = "/v19.0/23850001/users";

const app = serviceTestApp(() => startFacebookFake({ code: "fb-code", token: "EAAB-fb-token-0123456789", audiences: ["23850001"] }));
let facebookId: string;

beforeAll(async () => {
  facebookId = await connectOAuth(app.owner, "facebook", "fb-code");
});
beforeEach(() => {
  for (const set of app.fake.members.values()) set.clear();
});

const job = (model: Record<string, unknown>, registrant: Partial<Parameters<typeof makeJob>[0]["registrant"]> = {}) =>
  makeJob({ accountId: app.accountId, integrationType: "FACEBOOK", action: "addToAudience", integrationID: facebookId, model, registrant });

describe("Facebook addToAudience", () => {
  it("adds the registrant's hashed email and phone to the custom audience, the token in the header", async () => {
    await expect(app.execute(job({ audience: "23850001" }, { email: "  Ada@Example.com " }))).resolves.toEqual({
      status: "sent",
      detail: "added to custom audience 23850001 (email + phone, hashed)",
    });
    expect(app.fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${USERS}`]);
    const [request] = app.fake.requests;
    expect(request?.headers.authorization).toBe("Bearer EAAB-fb-token-0123456789");
    expect(request?.query.get("access_token")).toBeNull();
    expect(JSON.parse((request?.data as { payload: string }).payload)).toEqual({ schema: ["EMAIL", "PHONE"], data: [[ADA_EMAIL, ADA_PHONE]] });
    expect(request?.body).not.toContain("example.com");
  });

  it("sends the email alone when the phone has no country code, and adds nobody twice on a retry", async () => {
    const national = job({ audience: "23850001" }, { phone: "(555) 123-0007" });
    await app.execute(national);
    await app.execute({ ...national, attempt: 2 });
    expect(app.fake.requests.map((r) => JSON.parse((r.data as { payload: string }).payload))).toEqual([
      { schema: ["EMAIL"], data: [[ADA_EMAIL]] },
      { schema: ["EMAIL"], data: [[ADA_EMAIL]] },
    ]);
    expect(app.fake.members.get("23850001")?.size).toBe(1);
  });

  it("normalises phones as Meta documents: digits only, no leading zeros, country code kept", () => {
    expect(normalizePhone("+1 (555) 123-0007")).toBe("15551230007");
    expect(normalizePhone("0044 20 7946 0018")).toBe("442079460018");
    expect(normalizePhone("555-123-0007")).toBe("");
  });

  it("shows Meta's refusal in its words, permanently; retries a 5xx; skips a registrant without an email", async () => {
    await expect(app.execute(job({ audience: "404404" }))).rejects.toThrow(PermanentActionError);
    await expect(app.execute(job({ audience: "404404" }))).rejects.toThrow(
      /^Facebook custom audiences answered HTTP 400: Unsupported post request\. Object with ID '404404' does not exist/,
    );
    app.fake.on({ [`POST ${USERS}`]: () => ({ status: 503, json: { error: { message: "Service temporarily unavailable", code: 2 } } }) });
    await expect(app.execute(job({ audience: "23850001" }))).rejects.toThrow(
      new RetryableActionError("Facebook custom audiences answered HTTP 503: Service temporarily unavailable"),
    );
    await expect(app.execute(job({ audience: "23850001" }, { email: "" }))).resolves.toEqual({
      status: "skipped",
      reason: "the registrant has no email address",
    });
    await expect(app.execute(job({}))).rejects.toThrow(new PermanentActionError("Facebook custom audiences: Pick a custom audience (audience)."));
  });
});
