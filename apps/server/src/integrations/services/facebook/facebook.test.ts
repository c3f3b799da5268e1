import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { executeAction, PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { actionContext, makeJob } from "../../../engine/actions/test-support/jobs.js";
import { connectOAuth } from "../../../engine/actions/test-support/oauth.js";
import { createTestApp, type TestApp } from "../../../test-support/testApp.js";
import { pointServicesAt } from "../../test-support/serviceEnv.js";
import { normalizePhone } from "./addToAudience.js";
import { startFacebookFake, type FacebookFake } from "./fake.js";

// SHA-256 of the normalised values, as Meta matches them (computed once, outside the code under test).
const ADA_EMAIL = "b5fc85e55755f9e0d030a10ab4429b6b2944855f9a0d60077fe832becbc41d72"; // ada@example.com
const ADA_PHONE = "d09177670c142e909e5fe4d447f8d75eaca863aee35faa6f2207635fbeeb0b2e"; // 15551230007
const USERS = "/v19.0/23850001/users";

let t: TestApp;
let accountId: string;
let graph: FacebookFake;
let restoreEnv: () => void;
let facebookId: string;

beforeAll(async () => {
  graph = await startFacebookFake({ code: "fb-code", token: "EAAB-fb-token-0123456789", audiences: ["23850001"] });
  restoreEnv = pointServicesAt(graph.url);
  t = await createTestApp();
  const user = await t.user();
  accountId = user.accountId;
  facebookId = await connectOAuth(t.client(await t.login(user.email)), "facebook", "fb-code");
});
afterAll(async () => {
  restoreEnv();
  await Promise.all([t.close(), graph.close()]);
});
beforeEach(() => {
  graph.service.requests.length = 0;
  for (const set of graph.members.values()) set.clear();
});

const job = (model: Record<string, unknown>, registrant: Partial<Parameters<typeof makeJob>[0]["registrant"]> = {}) =>
  makeJob({ accountId, integrationType: "FACEBOOK", action: "addToAudience", integrationID: facebookId, model, registrant });

describe("Facebook addToAudience", () => {
  it("adds the registrant's hashed email and phone to the custom audience, the token in the header", async () => {
    await expect(executeAction(actionContext(t), job({ audience: "23850001" }, { email: "  Ada@Example.com " }))).resolves.toEqual({
      status: "sent",
      detail: "added to custom audience 23850001 (email + phone, hashed)",
    });
    expect(graph.service.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${USERS}`]);
    const [request] = graph.service.requests;
    expect(request?.headers.authorization).toBe("Bearer EAAB-fb-token-0123456789");
    expect(request?.query.get("access_token")).toBeNull();
    expect(JSON.parse((request?.data as { payload: string }).payload)).toEqual({ schema: ["EMAIL", "PHONE"], data: [[ADA_EMAIL, ADA_PHONE]] });
    expect(request?.body).not.toContain("example.com");
  });

  it("sends the email alone when the phone has no country code, and adds nobody twice on a retry", async () => {
    const ctx = actionContext(t);
    const national = job({ audience: "23850001" }, { phone: "(555) 123-0007" });
    await executeAction(ctx, national);
    await executeAction(ctx, { ...national, attempt: 2 });
    expect(graph.service.requests.map((r) => JSON.parse((r.data as { payload: string }).payload))).toEqual([
      { schema: ["EMAIL"], data: [[ADA_EMAIL]] },
      { schema: ["EMAIL"], data: [[ADA_EMAIL]] },
    ]);
    expect(graph.members.get("23850001")?.size).toBe(1);
  });

  it("normalises phones as Meta documents: digits only, no leading zeros, country code kept", () => {
    expect(normalizePhone("+1 (555) 123-0007")).toBe("15551230007");
    expect(normalizePhone("0044 20 7946 0018")).toBe("442079460018");
    expect(normalizePhone("555-123-0007")).toBe("");
  });

  it("shows Meta's refusal in its words, permanently; retries a 5xx; skips a registrant without an email", async () => {
    const ctx = actionContext(t);
    await expect(executeAction(ctx, job({ audience: "404404" }))).rejects.toThrow(PermanentActionError);
    await expect(executeAction(ctx, job({ audience: "404404" }))).rejects.toThrow(
      /^Facebook custom audiences answered HTTP 400: Unsupported post request\. Object with ID '404404' does not exist/,
    );
    graph.service.on({ [`POST ${USERS}`]: () => ({ status: 503, json: { error: { message: "Service temporarily unavailable", code: 2 } } }) });
    await expect(executeAction(ctx, job({ audience: "23850001" }))).rejects.toThrow(
      new RetryableActionError("Facebook custom audiences answered HTTP 503: Service temporarily unavailable"),
    );
    await expect(executeAction(ctx, job({ audience: "23850001" }, { email: "" }))).resolves.toEqual({
      status: "skipped",
      reason: "the registrant has no email address",
    });
    await expect(executeAction(ctx, job({}))).rejects.toThrow(new PermanentActionError("Facebook custom audiences: Pick a custom audience (audience)."));
  });
});
