import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterSetting, type Client } from "@cuepoint/sdk";
import { users } from "../db/schema/index.js";
import type { Route } from "../http/route.js";
import { startFakeService, type FakeService } from "../integrations/test-support/fakeService.js";
import { pointServicesAt } from "../integrations/test-support/serviceEnv.js";
import { insertIntegration } from "../integrations/store.js";
import { wavFile } from "../test-support/mediaFixtures.js";
import { createMediaTestApp, postChunk, sha256, testUploader, uploadWith } from "../test-support/mediaUpload.js";
import type { TestApp } from "../test-support/testApp.js";
import { mailNode } from "../test-support/timelineFixtures.js";
import { insertRegistrants, recordAttendance } from "../webinars/attendanceData.js";
import { apiRoutes } from "./index.js";

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

interface Ids {
  timeline: string;
  trashed: string;
  shareCode: string;
  nodeId: string;
  revision: string;
  event: string;
  seriesEvent: string;
  series: string;
  agent: string;
  host: string;
  registrant: string;
  form: string;
  folder: string;
  file: string;
  fileId: string;
  webhook: string;
  mailchimp: string;
  facebook: string;
  nifty: string;
  sheets: string;
  token: string;
  oauthState: string;
  /** B's own timeline, for calls that mix one id of each account. */
  ownTimeline: string;
}

interface Call {
  method?: string;
  path: string;
  body?: Record<string, unknown> | FormData;
  /** The same call with an id no account has: B's call must get the same status (instead of the case's). */
  likeUnknown?: Call;
}

/** What B must get. Default: 404 on every call. */
type Expect =
  | { status: number; field?: string }
  | { sameAsAnonymous: true }
  | { check: (response: Response, ids: Ids) => Promise<void> };

interface Case {
  calls: (ids: Ids) => Call[];
  expect?: Expect;
  /** Why the expectation is not 404. */
  why?: string;
}

const csv = (text: string) => new Blob([text], { type: "text/csv" });
const form = (fields: Record<string, string | Blob>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
};
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const CASES: Record<string, Case> = {
  "DELETE /oauth/personal-access-tokens/:id": { calls: (i) => [{ path: `/oauth/personal-access-tokens/${i.token}` }] },

  "POST /integration/update": { calls: (i) => [{ path: "/integration/update", body: { integrationID: i.webhook, blocks: { name: "Taken" } } }] },
  "POST /integration/adddata": {
    calls: (i) => [{ path: "/integration/adddata", body: { integrationID: i.webhook, type: "encrypt", blocks: { a: "b" } } }],
  },
  "POST /integration/used": { calls: (i) => [{ path: "/integration/used", body: { integrationID: i.webhook } }] },
  "POST /integration/delete": { calls: (i) => [{ path: "/integration/delete", body: { integrationID: i.webhook } }] },
  "POST /test/integration": { calls: (i) => [{ path: "/test/integration", body: { integrationID: i.webhook } }] },
  "POST /:kind/getlists": { calls: (i) => [{ path: "/mailchimp/getlists", body: { integrationID: i.mailchimp } }] },
  "POST /:kind/addfield": {
    calls: (i) => [{ path: "/mailchimp/addfield", body: { integrationID: i.mailchimp, listID: "aud1", name: "city" } }],
  },
  "POST /:kind/addautofield": {
    calls: (i) => [{ path: "/mailchimp/addautofield", body: { integrationID: i.mailchimp, listID: "aud1" } }],
  },
  "POST /:kind/addtag": {
    calls: (i) => [{ path: "/mailchimp/addtag", body: { integrationID: i.mailchimp, listID: "aud1", name: "buyer" } }],
  },
  "POST /tags": { calls: (i) => [{ path: "/tags", body: { integrationID: i.mailchimp, tags: ["buyer"] } }] },
  "POST /fbaudience/audience/create": {
    calls: (i) => [{ path: "/fbaudience/audience/create", body: { integrationID: i.facebook, adAccountId: "act_1", name: "Fans" } }],
  },
  "POST /niftyimage/delete": {
    calls: (i) => [{ path: "/niftyimage/delete", body: { integrationID: i.nifty, url: "https://img.example.com/a.png" } }],
  },
  "GET /sheets/:integrationID/:spreadsheetID": { calls: (i) => [{ path: `/sheets/${i.sheets}/sheet1` }] },
  "GET /sheets/:integrationID/:spreadsheetID/:worksheet": { calls: (i) => [{ path: `/sheets/${i.sheets}/sheet1/Sheet1` }] },
  "GET /oauth/:kind/authorize": { calls: (i) => [{ path: `/oauth/mailchimp/authorize?integrationID=${i.mailchimp}` }] },
  "POST /oauth/:kind/callback": {
    calls: (i) => [{ path: "/oauth/mailchimp/callback", body: { code: "mc-code", state: i.oauthState } }],
    expect: { status: 400, field: "state" },
    why: "a sign-in attempt belongs to the session that started it: anyone else's `state` is refused like a used one",
  },

  "POST /webinartimelinemaster/set": {
    calls: (i) => [
      { path: "/webinartimelinemaster/set", body: { webinarTimeline: i.timeline, blocks: createMasterSetting({ general: { timelineName: "Taken" } }) } },
    ],
  },
  "POST /webinartimelinemaster/set/item": {
    calls: (i) => [
      { path: "/webinartimelinemaster/set/item", body: { webinarTimeline: i.timeline, setting: "general", key: "timelineName", value: "Taken" } },
    ],
  },
  "PUT /webinartimelinemaster/copysetting": {
    calls: (i) => [
      { method: "PUT", path: "/webinartimelinemaster/copysetting", body: { copyFrom: i.timeline, copyTo: i.ownTimeline, setting: "general" } },
      { method: "PUT", path: "/webinartimelinemaster/copysetting", body: { copyFrom: i.ownTimeline, copyTo: i.timeline, setting: "general" } },
    ],
  },
  "POST /webinartimelinemaster/copy": {
    calls: (i) => [{ path: "/webinartimelinemaster/copy", body: { webinarTimeline: i.timeline, timelineName: "Taken" } }],
  },
  "POST /webinartimelinemaster/share": { calls: (i) => [{ path: "/webinartimelinemaster/share", body: { webinarTimeline: i.timeline } }] },
  "POST /webinartimelineevent/get/code": {
    calls: (i) => [{ path: "/webinartimelineevent/get/code", body: { code: i.shareCode } }],
    why: "a share code is the one designed way across accounts: it imports a copy into the caller's own account",
    expect: {
      async check(response, ids) {
        expect(response.status).toBe(200);
        const { success } = (await response.json()) as { success: { id: string } };
        expect(success.id).not.toBe(ids.timeline);
      },
    },
  },
  "POST /webinartimelinemaster/restore": { calls: (i) => [{ path: "/webinartimelinemaster/restore", body: { webinarTimeline: i.trashed } }] },
  "POST /webinartimeline/delete": { calls: (i) => [{ path: "/webinartimeline/delete", body: { webinarTimeline: i.timeline } }] },
  "POST /webinartimeline/check_if_used": {
    calls: (i) => [{ path: "/webinartimeline/check_if_used", body: { webinarTimeline: i.timeline } }],
  },
  "POST /webinartimelineevent/set": {
    calls: (i) => [
      { path: "/webinartimelineevent/set", body: { webinarTimeline: i.timeline, blocks: {}, isPast: false } },
      // B's own timeline, with an action naming A's integration: kept as a reference like an unknown id
      // (drafts and imported timelines hold such references), and the engine loads a node's integration
      // from the job's own account only (engine/actions/integration.ts), so it can never run through A's.
      {
        path: "/webinartimelineevent/set",
        body: { webinarTimeline: i.ownTimeline, blocks: { "-1": [mailNode(1, -1, { integrationID: i.webhook })] }, isPast: false },
        likeUnknown: {
          path: "/webinartimelineevent/set",
          body: { webinarTimeline: i.ownTimeline, blocks: { "-1": [mailNode(1, -1, { integrationID: randomUUID() })] }, isPast: false },
        },
      },
    ],
  },
  "POST /webinartimelineevent/get": { calls: (i) => [{ path: "/webinartimelineevent/get", body: { webinarTimeline: i.timeline } }] },
  "POST /webinartimelineevent/autocsv": {
    calls: (i) => [
      {
        path: "/webinartimelineevent/autocsv",
        body: form({
          webinarTimeline: i.timeline,
          groups: '["3"]',
          id: i.nodeId,
          eventID: i.event,
          csv: csv("name,message,after\nEve,hello,10\n"),
        }),
      },
    ],
  },
  "POST /generalsetting/get": { calls: (i) => [{ path: "/generalsetting/get", body: { webinarTimeline: i.timeline, nodeID: i.nodeId } }] },
  "POST /generalsetting/create": {
    calls: (i) => [
      { path: "/generalsetting/create", body: { blocks: { webinarTimeline: i.timeline, nodeID: i.nodeId, general: { timelineName: "Taken" } } } },
    ],
  },
  "GET /timelines/:id/revisions": { calls: (i) => [{ path: `/timelines/${i.timeline}/revisions` }] },
  "GET /timelines/:id/revisions/:revisionId": {
    calls: (i) => [
      { path: `/timelines/${i.timeline}/revisions/${i.revision}` },
      { path: `/timelines/${i.ownTimeline}/revisions/${i.revision}` },
    ],
  },
  "POST /timelines/:id/revisions/:revisionId/restore": {
    calls: (i) => [
      { path: `/timelines/${i.timeline}/revisions/${i.revision}/restore` },
      { path: `/timelines/${i.ownTimeline}/revisions/${i.revision}/restore` },
    ],
  },

  "PUT /forms/:id": { calls: (i) => [{ method: "PUT", path: `/forms/${i.form}`, body: { name: "Taken" } }] },
  "DELETE /forms/:id": { calls: (i) => [{ path: `/forms/${i.form}` }] },

  "GET /webinars": { calls: (i) => [{ path: `/webinars?wtl=${i.timeline}` }] },
  "GET /webinars/:id": { calls: (i) => [{ path: `/webinars/${i.event}` }] },
  "POST /webinar/update": { calls: (i) => [{ path: "/webinar/update", body: { webinarID: i.event, blocks: { visible: false } } }] },
  "POST /webinar/create": {
    calls: (i) => [{ path: "/webinar/create", body: { webinarTimeline: i.timeline, start: `${future(40)}T10:00` } }],
  },
  "POST /webinar/delete": {
    calls: (i) => [
      { path: "/webinar/delete", body: { webinarID: i.event, isRecurring: false } },
      { path: "/webinar/delete", body: { webinarID: i.seriesEvent, isRecurring: true, uniqueID: i.series } },
    ],
  },
  "GET /recurring": { calls: (i) => [{ path: `/recurring?wtl=${i.timeline}` }] },
  "DELETE /recurring/:id": { calls: (i) => [{ path: `/recurring/${i.series}` }] },
  "GET /webinars/:id/agents": { calls: (i) => [{ path: `/webinars/${i.event}/agents` }] },
  "POST /webinars/:id/agents": { calls: (i) => [{ path: `/webinars/${i.event}/agents`, body: { name: "Eve", email: "eve@example.com" } }] },
  "DELETE /webinars/:id/agents/:personId": { calls: (i) => [{ path: `/webinars/${i.event}/agents/${i.agent}` }] },
  "GET /webinars/:id/hosts": { calls: (i) => [{ path: `/webinars/${i.event}/hosts` }] },
  "POST /webinars/:id/hosts": { calls: (i) => [{ path: `/webinars/${i.event}/hosts`, body: { name: "Eve", email: "eve@example.com" } }] },
  "DELETE /webinars/:id/hosts/:personId": { calls: (i) => [{ path: `/webinars/${i.event}/hosts/${i.host}` }] },
  "POST /stream/webinar/coorganizer": {
    calls: (i) => [{ path: "/stream/webinar/coorganizer", body: { webinarId: i.event, tenantId: "t1", name: "Eve", email: "eve@example.com" } }],
  },
  "GET /webinar/export": { calls: (i) => [{ path: `/webinar/export?type=registrants&webinarID=${i.event}` }] },
  "POST /analytics/attendance": {
    calls: (i) => [
      { path: "/analytics/attendance", body: { webinarID: i.event } },
      { path: "/analytics/attendance", body: { webinarTimeline: i.timeline } },
    ],
  },

  "POST /registrants": {
    calls: (i) => [{ path: "/registrants", body: form({ webinarTimeline: i.timeline, csv: csv("email\neve@example.com\n") }) }],
  },
  "POST /registrants/ban": { calls: (i) => [{ path: "/registrants/ban", body: { uuid: i.registrant } }] },
  "DELETE /registrants/:uuid": { calls: (i) => [{ path: `/registrants/${i.registrant}` }] },
  "GET /public/timelines/:id/registration": {
    calls: (i) => [{ path: `/public/timelines/${i.timeline}/registration` }],
    expect: { sameAsAnonymous: true },
    why: "the registration widget's public endpoint reads no token: B's answer is anyone's answer",
  },
  "POST /public/timelines/:id/registrations": {
    calls: (i) => [{ path: `/public/timelines/${i.timeline}/registrations`, body: { name: "Eve" } }],
    expect: { sameAsAnonymous: true },
    why: "the registration widget's public endpoint reads no token: B's answer is anyone's answer",
  },

  "GET /automation/settings": { calls: (i) => [{ path: `/automation/settings?webinarTimeline=${i.timeline}` }] },
  "PUT /automation/settings": { calls: (i) => [{ path: "/automation/settings", body: { webinarTimeline: i.timeline } }] },
  "POST /automation/attendance": {
    calls: (i) => [{ path: "/automation/attendance", body: { webinarID: i.event, uuid: i.registrant, attendedSeconds: 60 } }],
  },
  "GET /automation/deliveries": {
    calls: (i) => [
      { path: `/automation/deliveries?webinarTimeline=${i.timeline}` },
      { path: `/automation/deliveries?webinarID=${i.event}` },
      { path: `/automation/deliveries?uuid=${i.registrant}` },
    ],
  },
  "GET /automation/scheduled": {
    calls: (i) => [
      { path: `/automation/scheduled?webinarTimeline=${i.timeline}` },
      { path: `/automation/scheduled?webinarID=${i.event}` },
      { path: `/automation/scheduled?uuid=${i.registrant}` },
    ],
  },
  "POST /automation/simulate": {
    calls: (i) => [
      { path: "/automation/simulate", body: { webinarTimeline: i.timeline } },
      { path: "/automation/simulate", body: { webinarTimeline: i.ownTimeline, webinarID: i.event } },
    ],
  },
  "GET /automation/livescript": { calls: (i) => [{ path: `/automation/livescript?webinarID=${i.event}` }] },

  "POST /media/renameFile": {
    calls: (i) => [
      { path: "/media/renameFile", body: { uniqueID: i.file, name: "taken.wav" } },
      { path: "/media/renameFile", body: { uniqueID: i.folder, name: "Taken" } },
    ],
  },
  "DELETE /media/:id": { calls: (i) => [{ path: `/media/${i.file}` }, { path: `/media/${i.folder}` }] },
  "GET /media/:id/file": { calls: (i) => [{ path: `/media/${i.file}/file` }] },
  "GET /media/:id/status": { calls: (i) => [{ path: `/media/${i.file}/status` }] },
  "GET /upload/chunk": {
    calls: (i) => [{ path: `/upload/chunk?fileId=${i.fileId}` }],
    why: "an upload is found by (account, fileId): another account's fileId is an unknown one, with no chunks held",
    expect: {
      async check(response) {
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ chunks: [] });
      },
    },
  },
  "POST /upload/chunk": {
    calls: (i) => {
      const bytes = new Uint8Array([1, 2, 3]);
      const body = form({
        fileId: i.fileId,
        isLast: "true",
        name: "x.png",
        start: "0",
        position: "3",
        index: "0",
        size: "3",
        checksum: sha256(bytes),
        folderId: i.folder,
      });
      body.append("file", new Blob([bytes]), "x.png");
      return [{ path: "/upload/chunk", body }];
    },
  },
};

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
