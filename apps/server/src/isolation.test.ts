import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterSetting, type Client } from "@cuepoint/sdk";
import { users } from "./db/schema/index.js";
import type { Route } from "./http/route.js";
import { startFakeService, type FakeService } from "./integrations/test-support/fakeService.js";
import { pointServicesAt } from "./integrations/test-support/serviceEnv.js";
import { insertIntegration } from "./integrations/store.js";
import { wavFile } from "./test-support/mediaFixtures.js";
import { createMediaTestApp, postChunk, testUploader, uploadWith } from "./test-support/mediaUpload.js";
import type { TestApp } from "./test-support/testApp.js";
import { mailNode } from "./test-support/timelineFixtures.js";
import { insertRegistrants, recordAttendance } from "./webinars/attendanceData.js";
import { apiRoutes } from "./routes.js";
import { future, type Call, type Ids } from "./test-support/isolationCase.js";
import { CASES } from "./test-support/isolationCases.js";

/**
 * The isolation sweep: account A owns one of everything; account B calls every route of the table
 * that takes an id, with A's ids, and must get 404 exactly as for an unknown id (or the documented
 * equivalent named in its case). A's data, read back as A, must be unchanged afterwards. A route
 * added to the table with an id and no case here fails the sweep, so none can be forgotten.
 */

const API = "http://localhost/api";

/** Path parameters that name no row of an account. */
const NOT_ID_PARAMS = new Set(["kind", "type"]);
/** Body and query fields that hold ids. */
const ID_FIELD = /^(id|uuid|uniqueID|code|state|fileId|folderId|webinarTimeline|wtl|copyFrom|copyTo)$|[a-z](ID|Id)$/;
/** Id fields that are another system's ids, not rows of an account. */
const EXTERNAL_FIELDS = new Set(["adAccountId", "tenantId", "listID"]);
/** Routes whose ids are not account data, and why. */
const NOT_ACCOUNT_DATA: Record<string, string> = {
  "POST /wizard/templates/:id": "the wizard's templates are built in, the same for every account",
  "PUT /user/payment": "`id` is the billing provider's payment-method id, attached to the caller's own account",
};
/** Id-taking routes whose ids travel where no schema shows them (a streamed multipart form). */
const UNSCHEMED_ID_ROUTES = ["POST /upload/chunk"];

type Schema = { entries?: Record<string, Schema>; options?: Schema[]; wrapped?: Schema; item?: Schema };
/** Every field name of a schema, nested ones included (`blocks.webinarTimeline`). */
const fieldsOf = (schema: Schema | undefined, into: string[] = []): string[] => {
  if (!schema) return into;
  for (const [name, entry] of Object.entries(schema.entries ?? {})) {
    into.push(name);
    fieldsOf(entry, into);
  }
  for (const option of schema.options ?? []) fieldsOf(option, into);
  fieldsOf(schema.item, into);
  return fieldsOf(schema.wrapped, into);
};
const keyOf = (route: Route) => `${route.method} ${route.path}`;

/** The route's parameters and fields that hold ids of account data. */
function idsTaken(route: Route): string[] {
  if (NOT_ACCOUNT_DATA[keyOf(route)]) return [];
  const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "").filter((p) => !NOT_ID_PARAMS.has(p));
  const fields = [...fieldsOf(route.body as Schema), ...fieldsOf(route.query as Schema)].filter(
    (field) => ID_FIELD.test(field) && !EXTERNAL_FIELDS.has(field),
  );
  return [...params, ...fields];
}

let t: TestApp;
let fake: FakeService;
let restoreEnv: () => void;
let ids: Ids;
let ownerToken: string;
let strangerToken: string;
let owner: Client;

/** Everything A can read of its account, to compare before and after the sweep. */
async function snapshot(): Promise<unknown> {
  const get = async (path: string) => (await t.app.request(`${API}${path}`, { headers: { authorization: `Bearer ${ownerToken}` } })).json();
  const people = await Promise.all([owner.webinars.agents(ids.event), owner.webinars.hosts(ids.event)]);
  return {
    timelines: await owner.timelines.listMasters(),
    trash: await owner.timelines.listMasters({ filter: "trash" }),
    events: await owner.timelines.getEvents(ids.timeline),
    revisions: await owner.timelines.revisions(ids.timeline),
    general: await owner.timelines.getGeneralSetting({ webinarTimeline: ids.timeline, nodeID: ids.nodeId }),
    webinars: await owner.webinars.list(),
    recurring: await owner.webinars.recurring(),
    people,
    leads: await owner.leads.list(),
    forms: await owner.forms.list(),
    media: await Promise.all((["image", "audio", "video"] as const).map((type) => owner.media.list(type))),
    integrations: await owner.integrations.list(),
    tokens: await owner.tokens.list(),
    upload: await get(`/upload/chunk?fileId=${ids.fileId}`),
  };
}

async function setUpAccountA(): Promise<Ids> {
  const a = await t.user({ name: "Ann Owner" });
  ownerToken = await t.login(a.email, a.password, true);
  owner = t.client(ownerToken);
  const b = await t.user({ name: "Eve Stranger" });
  // B may import registrants (a feature flag), so the import's answer is about A's timeline, not the flag.
  await t.db.orm.update(users).set({ features: { registrantUpload: true } }).where(eq(users.id, b.id));
  strangerToken = await t.login(b.email, b.password, true);
  const stranger = t.client(strangerToken);
  const master = (name: string, c: Client) =>
    c.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: name } }) }).then((r) => r.success.id);

  const timeline = await master("Launch", owner);
  await owner.timelines.setEvents({ webinarTimeline: timeline, blocks: { "-1": [mailNode(1, -1)] }, isPast: false });
  const nodeId = (await owner.timelines.getEvents(timeline)).success["-1"]?.[0]?.id ?? "";
  await owner.timelines.createGeneralSetting({ webinarTimeline: timeline, nodeID: nodeId, general: { timelineName: "Day one" } });
  const [revision] = (await owner.timelines.revisions(timeline)).success;
  const { code: shareCode } = (await owner.timelines.share(timeline)).success;
  const trashed = await master("Old", owner);
  await owner.timelines.delete(trashed);

  const single = await owner.webinars.create({ webinarTimeline: timeline, start: `${future(20)}T10:00`, name: "Single" });
  const event = single.success.webinar.webinarID;
  const series = await owner.webinars.create({
    webinarTimeline: timeline,
    start: `${future(21)}T10:00`,
    name: "Series",
    recurring: { days: [0, 1, 2, 3, 4, 5, 6], count: 3 },
  });
  const seriesEvent = series.success.childEvents[0];
  const agent = (await owner.webinars.addAgent(event, { name: "Sam", email: "sam@example.com" })).success;
  const host = (await owner.webinars.addHost(event, { name: "Hal", email: "hal@example.com" })).success;
  const [registrant] = await insertRegistrants(t.db.orm, { accountId: a.accountId, timelineId: timeline, id: event }, [
    { email: "lead@example.com", name: "Lee" },
  ]);
  await recordAttendance(t.db.orm, {
    accountId: a.accountId,
    eventId: event,
    registrantId: registrant?.uuid ?? "",
    joinedAt: new Date(),
    leftAt: new Date(Date.now() + 60_000),
  });
  const formId = (await owner.forms.create({ name: "Leads", fields: [{ name: "budget", label: "Budget" }] })).success.id;

  const folder = (await owner.media.createFolder({ name: "Talks", type: "audio" })).success.uniqueID;
  const uploaded = await uploadWith(testUploader(t, ownerToken), wavFile(1), "intro.wav");
  const fileId = randomUUID();
  const partial = await postChunk(t, ownerToken, { fileId, name: "half.wav", bytes: new Uint8Array(10), size: 20 });
  expect(partial.status).toBe(200);

  const webhook = (await owner.integrations.create({ type: "WEBHOOK" })).success.integrationid;
  const stored = (kind: "MAILCHIMP" | "FACEBOOK" | "NIFTYIMAGE" | "GOOGLESHEETS") =>
    insertIntegration(t.db.orm, {
      accountId: a.accountId,
      kind,
      name: kind,
      secrets: { credentials: { api_key: "key-0123456789" }, data: {}, tokens: { access_token: "token-0123456789" } },
      connected: true,
      now: new Date(),
    }).then((loaded) => loaded.row.id);
  const token = (await owner.tokens.create({ name: "ci", scopes: ["account:read"] })).token.id;
  const { url } = (await owner.integrations.authorizeURL("mailchimp")).success;
  const oauthState = new URL(url).searchParams.get("state") ?? "";

  return {
    timeline,
    trashed,
    shareCode,
    nodeId,
    revision: String(revision?.id ?? ""),
    event,
    seriesEvent: seriesEvent?.webinarID ?? "",
    series: seriesEvent?.uniqueID ?? "",
    agent: String(agent.id),
    host: String(host.id),
    registrant: registrant?.uuid ?? "",
    form: String(formId),
    folder,
    file: String(uploaded.uniqueID ?? uploaded.id),
    fileId,
    webhook: String(webhook),
    mailchimp: await stored("MAILCHIMP"),
    facebook: await stored("FACEBOOK"),
    nifty: await stored("NIFTYIMAGE"),
    sheets: await stored("GOOGLESHEETS"),
    token: String(token),
    oauthState,
    ownTimeline: await master("Eve's own", stranger),
  };
}

beforeAll(async () => {
  fake = await startFakeService();
  restoreEnv = pointServicesAt(fake.url);
  t = await createMediaTestApp();
  ids = await setUpAccountA();
  // A missing id would make its case pass for the wrong reason.
  for (const [name, value] of Object.entries(ids)) expect(value, name).toMatch(/^[\w-]{6,}$/);
}, 120_000);
afterAll(async () => {
  restoreEnv();
  await Promise.all([t.close(), fake.close()]);
});

const send = (call: Call & { method: string }, token?: string) => {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let body: BodyInit | undefined;
  if (call.body instanceof FormData) body = call.body;
  else if (call.body) {
    body = JSON.stringify(call.body);
    headers["content-type"] = "application/json";
  }
  return t.app.request(`${API}${call.path}`, { method: call.method, headers, ...(body && { body }) });
};

describe("the isolation sweep", () => {
  it("has a case for every route that takes an id, and no case for a route that does not exist", () => {
    const idRoutes = apiRoutes.filter((route) => idsTaken(route).length > 0).map(keyOf);
    const expected = [...idRoutes, ...UNSCHEMED_ID_ROUTES].sort();
    const missing = expected.filter((key) => !CASES[key]);
    expect(missing, "id-taking routes without an isolation case").toEqual([]);
    const stale = Object.keys(CASES).filter((key) => !apiRoutes.some((route) => keyOf(route) === key));
    expect(stale, "cases for routes that are not in the table").toEqual([]);
    expect(Object.keys(CASES).sort()).toEqual(expected);
  });

  it("answers B like an unknown id on every one of A's ids, and changes nothing of A's", async () => {
    const before = await snapshot();
    const requestsBefore = fake.requests.length;
    const problems: string[] = [];
    for (const [key, testCase] of Object.entries(CASES)) {
      for (const call of testCase.calls(ids)) {
        const method = call.method ?? key.split(" ")[0] ?? "GET";
        const response = await send({ ...call, method }, strangerToken);
        const label = `${key} (${method} ${call.path})`;
        const expected = testCase.expect ?? { status: 404 };
        try {
          if (call.likeUnknown) {
            const unknown = await send({ ...call.likeUnknown, method }, strangerToken);
            expect(response.status).toBe(unknown.status);
          } else if ("sameAsAnonymous" in expected) {
            const anonymous = await send({ ...call, method });
            expect({ status: response.status, body: await response.text() }).toEqual({
              status: anonymous.status,
              body: await anonymous.text(),
            });
          } else if ("check" in expected) {
            await expected.check(response, ids);
          } else {
            const text = await response.text();
            const field = expected.field && (JSON.parse(text) as { field?: string }).field;
            if (response.status !== expected.status || field !== expected.field) {
              throw new Error(`answered ${response.status} ${text.slice(0, 300)}`);
            }
          }
        } catch (error) {
          problems.push(`${label}: ${(error as Error).message.split("\n")[0]}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(fake.requests.length - requestsBefore, "calls B's requests made to A's services").toBe(0);
    expect(await snapshot()).toEqual(before);
  });
});
