import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { createMasterSetting } from "@cuepoint/sdk";
import { sha256 } from "./mediaUpload.js";
import { mailNode } from "./timelineFixtures.js";

/**
 * The cases of the isolation sweep (routes/isolation.test.ts): for each id-taking route of the
 * table (`METHOD path`), the calls account B makes with account A's ids, and what B must get
 * (404 unless the case says otherwise, and why).
 */

export interface Ids {
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

export interface Call {
  method?: string;
  path: string;
  body?: Record<string, unknown> | FormData;
  /** The same call with an id no account has: B's call must get the same status (instead of the case's). */
  likeUnknown?: Call;
}

/** What B must get. Default: 404 on every call. */
export type Expect =
  | { status: number; field?: string }
  | { sameAsAnonymous: true }
  | { check: (response: Response, ids: Ids) => Promise<void> };

export interface Case {
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
export const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const CASES: Record<string, Case> = {
  "DELETE /oauth/personal-access-tokens/:id": { calls: (i) => [{ path: `/oauth/personal-access-tokens/${i.token}` }] },

  // The automation engine (engine/routes/): every id is checked against the caller's account.
  "GET /automation/settings": { calls: (i) => [{ path: `/automation/settings?webinarTimeline=${i.timeline}` }] },
  "PUT /automation/settings": {
    calls: (i) => [{ path: "/automation/settings", body: { webinarTimeline: i.timeline, catchUp: { mode: "skip", windowMinutes: 0 } } }],
  },
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
  // What is waiting (engine/routes/jobRoutes.ts): B's calls with A's event, timeline or registrant.
  "GET /automation/scheduled/actions": {
    calls: (i) => [{ path: `/automation/scheduled/actions?webinarTimeline=${i.timeline}` }, { path: `/automation/scheduled/actions?webinarID=${i.event}` }],
  },
  "POST /automation/scheduled/cancel": {
    calls: (i) => [
      { path: "/automation/scheduled/cancel", body: { webinarID: i.event, nodeKey: i.nodeId } },
      { path: "/automation/scheduled/cancel", body: { webinarTimeline: i.timeline, nodeKey: i.nodeId, uuid: i.registrant } },
    ],
  },
  "POST /automation/scheduled/resend": {
    calls: (i) => [{ path: "/automation/scheduled/resend", body: { webinarID: i.event, nodeKey: i.nodeId, uuid: i.registrant } }],
  },
  "POST /automation/simulate": {
    calls: (i) => [
      { path: "/automation/simulate", body: { webinarTimeline: i.timeline, startTime: "2030-01-01T10:00:00Z" } },
      { path: "/automation/simulate", body: { webinarTimeline: i.ownTimeline, webinarID: i.event } },
    ],
  },
  "GET /automation/livescript": { calls: (i) => [{ path: `/automation/livescript?webinarID=${i.event}` }] },
  // Send me a test (autoresponder/autoresponderRoutes.ts): A's timeline is not found; A's integration
  // is refused exactly as an id no account has (400 on integrationID), never used.
  "POST /automation/autoresponder/test": {
    calls: (i) => {
      const mail = { subject: "Hi {first_name}", body: "Test" };
      const own = (integrationID: string) => ({ path: "/automation/autoresponder/test", body: { webinarTimeline: i.ownTimeline, ...mail, integrationID } });
      return [
        { path: "/automation/autoresponder/test", body: { webinarTimeline: i.timeline, ...mail } },
        { ...own(i.webhook), likeUnknown: own(randomUUID()) },
      ];
    },
  },

  "POST /integration/update": { calls: (i) => [{ path: "/integration/update", body: { integrationID: i.webhook, blocks: { name: "Taken" } } }] },
  "POST /integration/adddata": {
    calls: (i) => [{ path: "/integration/adddata", body: { integrationID: i.webhook, type: "encrypt", blocks: { a: "b" } } }],
  },
  "POST /integration/signingsecret": { calls: (i) => [{ path: "/integration/signingsecret", body: { integrationID: i.webhook } }] },
  "POST /integration/signingsecret/rotate": {
    calls: (i) => [{ path: "/integration/signingsecret/rotate", body: { integrationID: i.webhook } }],
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
  // The page check must 404 before it reads any page; the address is loopback all the same, so even a
  // wrong answer would never reach past this machine.
  "POST /webinartimelinemaster/:id/pagecheck": {
    calls: (i) => [
      { path: `/webinartimelinemaster/${i.timeline}/pagecheck`, body: { url: "http://127.0.0.1:9/page" } },
      { path: `/webinartimelinemaster/${i.trashed}/pagecheck`, body: { url: "http://127.0.0.1:9/page" } },
    ],
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
  "POST /webinar/reschedule": {
    calls: (i) => [
      { path: "/webinar/reschedule", body: { webinarID: i.event, startTime: `${future(41)}T10:00:00Z` } },
      { path: "/webinar/reschedule", body: { webinarID: i.seriesEvent, startTime: `${future(41)}T10:00:00Z`, timeZone: "Europe/Paris" } },
    ],
  },
  "POST /webinar/delete": {
    calls: (i) => [
      { path: "/webinar/delete", body: { webinarID: i.event, isRecurring: false } },
      { path: "/webinar/delete", body: { webinarID: i.seriesEvent, isRecurring: true, uniqueID: i.series } },
    ],
  },
  "GET /recurring": { calls: (i) => [{ path: `/recurring?wtl=${i.timeline}` }] },
  "DELETE /recurring/:id": { calls: (i) => [{ path: `/recurring/${i.series}` }] },
  "GET /webinars/:id/delivery": { calls: (i) => [{ path: `/webinars/${i.event}/delivery` }] },
  "GET /webinars/:id/delivery/youtube": { calls: (i) => [{ path: `/webinars/${i.event}/delivery/youtube` }] },
  "GET /webinars/:id/agents": { calls: (i) => [{ path: `/webinars/${i.event}/agents` }] },
  "POST /webinars/:id/agents": { calls: (i) => [{ path: `/webinars/${i.event}/agents`, body: { name: "Eve", email: "eve@example.com" } }] },
  "DELETE /webinars/:id/agents/:personId": { calls: (i) => [{ path: `/webinars/${i.event}/agents/${i.agent}` }] },
  "GET /webinars/:id/hosts": { calls: (i) => [{ path: `/webinars/${i.event}/hosts` }] },
  "POST /webinars/:id/hosts": { calls: (i) => [{ path: `/webinars/${i.event}/hosts`, body: { name: "Eve", email: "eve@example.com" } }] },
  "DELETE /webinars/:id/hosts/:personId": { calls: (i) => [{ path: `/webinars/${i.event}/hosts/${i.host}` }] },
  // The host's live stream (live/): A's event's stream key through B's session is an unknown event.
  "GET /webinars/:id/live": { calls: (i) => [{ path: `/webinars/${i.event}/live` }] },
  "POST /webinars/:id/live/key": { calls: (i) => [{ path: `/webinars/${i.event}/live/key` }] },
  // The host's live console (room/console/, its chat room/chat/hostChatRoutes.ts): A's event through B's session is an unknown event.
  "GET /webinars/:id/console": { calls: (i) => [{ path: `/webinars/${i.event}/console` }] },
  "GET /webinars/:id/console/channel": { calls: (i) => [{ path: `/webinars/${i.event}/console/channel` }] },
  "POST /webinars/:id/console/messages": {
    calls: (i) => [{ path: `/webinars/${i.event}/console/messages`, body: { clientId: "b-1", body: "Hi", toAll: true } }],
  },
  "PATCH /webinars/:id/console/messages/:messageId": {
    calls: (i) => [{ path: `/webinars/${i.event}/console/messages/${randomUUID()}`, body: { answered: true } }],
  },
  "DELETE /webinars/:id/console/messages/:messageId": { calls: (i) => [{ path: `/webinars/${i.event}/console/messages/${randomUUID()}` }] },
  "POST /webinars/:id/console/mute": {
    calls: (i) => [{ path: `/webinars/${i.event}/console/mute`, body: { registrantId: i.registrant, muted: true } }],
  },
  "POST /webinars/:id/console/ban": { calls: (i) => [{ path: `/webinars/${i.event}/console/ban`, body: { registrantId: i.registrant } }] },
  "POST /webinars/:id/console/push": { calls: (i) => [{ path: `/webinars/${i.event}/console/push`, body: { kind: "subject", subject: "B was here" } }] },
  "POST /webinars/:id/console/start": { calls: (i) => [{ path: `/webinars/${i.event}/console/start` }] },
  "POST /webinars/:id/console/end": { calls: (i) => [{ path: `/webinars/${i.event}/console/end` }] },
  "POST /stream/webinar/coorganizer": {
    calls: (i) => [{ path: "/stream/webinar/coorganizer", body: { webinarId: i.event, tenantId: "t1", name: "Eve", email: "eve@example.com" } }],
  },
  // The leads list filtered by a timeline (routes/leads.ts): the filter narrows B's own leads, so A's
  // timeline id leaves B an empty page, never A's leads.
  "GET /registrants": {
    calls: (i) => [{ path: `/registrants?webinarTimeline=${i.timeline}` }],
    why: "a filter on B's own list: A's timeline matches none of B's leads, so B gets an empty page",
    expect: {
      async check(response) {
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ success: [], total: 0 });
      },
    },
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
  // The event room (room/README.md): a personal link's endpoints read no credential, the registrant's
  // token is the only key, so B's answer is anyone's answer with that link.
  "GET /public/room/:token": {
    calls: (i) => [{ path: `/public/room/${i.registrant}` }],
    why: "the personal link is the key, not the caller: B with A's registrant's link sees that registrant's room, as anyone would",
    expect: {
      async check(response, ids) {
        expect(response.status).toBe(200);
        expect(((await response.json()) as { success: { token: string } }).success.token).toBe(ids.registrant);
      },
    },
  },
  ...Object.fromEntries(
    (
      [
        ["GET /public/room/:token/channel", (i: Ids) => ({ path: `/public/room/${i.registrant}/channel` })],
        ["POST /public/room/:token/cta", (i: Ids) => ({ path: `/public/room/${i.registrant}/cta`, body: { id: "offer" } })],
        ["POST /public/room/:token/chat", (i: Ids) => ({ path: `/public/room/${i.registrant}/chat`, body: { clientId: "b-1", body: "Hi" } })],
        ["GET /public/room/:token/hls/:file", (i: Ids) => ({ path: `/public/room/${i.registrant}/hls/master.m3u8` })],
        ["GET /public/room/:token/hls/:rendition/:segment", (i: Ids) => ({ path: `/public/room/${i.registrant}/hls/360p/0.ts` })],
        ["GET /public/room/:token/poster.jpg", (i: Ids) => ({ path: `/public/room/${i.registrant}/poster.jpg` })],
        ["GET /public/room/:token/media/:mediaId", (i: Ids) => ({ path: `/public/room/${i.registrant}/media/${i.file}` })],
      ] as const
    ).map(([key, call]): [string, Case] => [
      key,
      { calls: (i) => [call(i)], expect: { sameAsAnonymous: true }, why: "a personal link's endpoint reads no token: B's answer is anyone's answer" },
    ]),
  ),

  "GET /public/media/:id": {
    calls: (i) => [{ path: `/public/media/${i.file}` }],
    expect: { sameAsAnonymous: true },
    why: "a signed link is the key, not the caller: without the server's signature B gets the 403 anyone gets",
  },

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

