import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Client, ServiceList } from "@cuepoint/sdk";
import { connectOAuth } from "../../test-support/oauth.js";
import { createTestApp, type TestApp } from "../../../test-support/testApp.js";
import { pointServicesAt } from "../../test-support/serviceEnv.js";
import { GOTO_USER_KEY, startFakeGoTo, type FakeGoTo } from "./fake.js";

const TOKEN = "goto-access-token-0123456789";

let t: TestApp;
let owner: Client;
let goto: FakeGoTo;
let restoreEnv: () => void;
let gotoId: string;

beforeAll(async () => {
  goto = await startFakeGoTo(TOKEN, "gotowebinar-client");
  restoreEnv = pointServicesAt(goto.url);
  t = await createTestApp({ now: () => new Date("2026-05-01T12:00:00Z") });
  const user = await t.user();
  owner = t.client(await t.login(user.email));
  gotoId = await connectOAuth(owner, "gotowebinar", "good-code");
});
afterAll(async () => {
  restoreEnv();
  await Promise.all([t.close(), goto.close()]);
});
beforeEach(() => {
  goto.requests.length = 0;
});

describe("GoTo Webinar check", () => {
  it("asks GoTo who the stored token signs in as", async () => {
    await expect(owner.integrations.test(gotoId)).resolves.toMatchObject({
      message: "GoTo Webinar answered: signed in as Ada Lovelace <ada@example.com>.",
    });
    const [request] = goto.calls("GET /admin/rest/v1/me");
    expect(request?.headers).toMatchObject({ authorization: `Bearer ${TOKEN}`, accept: "application/json" });
    expect(goto.requests).toHaveLength(1);
  });

  it("a token GoTo refuses: 422 in plain words, not connected", async () => {
    const expired = await connectOAuth(owner, "gotowebinar", "expired-code");
    await expect(owner.integrations.test(expired)).rejects.toMatchObject({
      status: 422,
      message: "GoTo Webinar answered: the sign-in is no longer accepted (HTTP 401); connect GoTo Webinar again.",
    });
    expect((await owner.integrations.list()).success[expired]).toMatchObject({ connected: false });
  });
});

describe("GoTo Webinar lists", () => {
  it("lists the organizer's webinars of the coming year, every page", async () => {
    goto.webinars.splice(
      0,
      Infinity,
      ...Array.from({ length: 201 }, (_, i) => ({ webinarKey: String(5000 + i), subject: `Webinar ${i}`, startTime: "2026-06-01T17:00:00Z" })),
      { webinarKey: "9", subject: "Past", startTime: "2026-04-01T17:00:00Z" },
    );
    const { success } = await owner.integrations.getLists("gotowebinar", { integrationID: gotoId, refresh: true });
    expect((success as Record<string, ServiceList[]>).webinars).toHaveLength(201);
    expect((success as Record<string, ServiceList[]>).webinars?.[0]).toEqual({ id: "5000", name: "Webinar 0", startTime: "2026-06-01T17:00:00Z" });
    const pages = goto.calls(`GET /G2W/rest/v2/organizers/${GOTO_USER_KEY}/webinars`).map((r) => Object.fromEntries(r.query));
    expect(pages).toEqual([
      { fromTime: "2026-05-01T12:00:00Z", toTime: "2027-05-01T12:00:00Z", page: "0", size: "200" },
      { fromTime: "2026-05-01T12:00:00Z", toTime: "2027-05-01T12:00:00Z", page: "1", size: "200" },
    ]);
  });
});
