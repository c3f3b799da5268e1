import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { createMasterSetting } from "@cuepoint/sdk";
import { mailNode } from "./timelineFixtures.js";
import { csv, form, future, type Case } from "./isolationCase.js";
import { MEDIA_CASES } from "./isolationMediaCases.js";
import { PUBLIC_CASES } from "./isolationPublicCases.js";

/**
 * The cases of the isolation sweep (src/isolation.test.ts): for each id-taking route of the
 * table (`METHOD path`), the calls account B makes with account A's ids, and what B must get
 * (404 unless the case says otherwise, and why). The types are isolationCase.ts; the routes whose key
 * is a link are isolationPublicCases.ts, the media library's isolationMediaCases.ts.
 */

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
  ...PUBLIC_CASES,
  ...MEDIA_CASES,
};
