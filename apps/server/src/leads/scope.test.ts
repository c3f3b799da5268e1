import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCOPE_IDS } from "../auth/scopes.js";
import type { Route } from "../http/route.js";
import { insertRegistrants, recordAttendance } from "../webinars/attendanceData.js";
import { createWebinarTestApp, insertEvents, type WebinarTestApp } from "../webinars/test-support/testHarness.js";
import { apiRoutes } from "../routes.js";

/*
 * Lead data (a registrant's name, email, phone, custom answers) needs the `leads:read` scope, on
 * every route. Rather than a list of lead routes kept by hand (which a new route would silently
 * miss), this sweep calls every GET route of the table: once with a token of every scope, to find which
 * answers carry a marked registrant's fields, and once with a token holding every scope but the
 * leads ones, which must never see them. A GET route the sweep cannot call (400: a query it does
 * not know how to fill) fails it, so a new route cannot slip past unprobed.
 */

const API = "http://localhost/api";
const MARKS = { name: "Marked Lead-7f3a", email: "marked-7f3a@example.com", phone: "+15550107733", answer: "custom-7f3a" };
const ACCESS_WITHOUT_READING = new Set(["public", "session"]);

let t: WebinarTestApp;
let fullToken: string;
let noLeadsToken: string;
let ids: { event: string; timeline: string; registrant: string };
beforeAll(async () => {
  t = await createWebinarTestApp(new Date().toISOString());
  const [event = ""] = await insertEvents(t, ["2030-01-10T10:00"]);
  const [registrant] = await insertRegistrants(t.db.orm, { accountId: t.accountId, timelineId: t.timeline.id, id: event }, [
    { name: MARKS.name, email: MARKS.email, phone: MARKS.phone, customFields: { company: MARKS.answer } },
  ]);
  await recordAttendance(t.db.orm, {
    accountId: t.accountId,
    eventId: event,
    registrantId: registrant?.uuid ?? "",
    joinedAt: new Date(),
    leftAt: new Date(Date.now() + 600_000),
  });
  ids = { event, timeline: t.timeline.id, registrant: registrant?.uuid ?? "" };
  fullToken = (await t.owner.tokens.create({ name: "all", scopes: [...SCOPE_IDS], expires_at: null })).accessToken;
  const scopes = SCOPE_IDS.filter((scope) => !scope.startsWith("leads:"));
  noLeadsToken = (await t.owner.tokens.create({ name: "no leads", scopes, expires_at: null })).accessToken;
}, 60_000);
afterAll(() => t.close());

type Schema = { entries?: Record<string, Schema>; options?: unknown[]; wrapped?: Schema; type?: string };

/** A path parameter's value: the marked registrant's event, timeline or registrant, else an unknown id. */
function paramValue(route: Route, name: string): string {
  if (name === "uuid") return ids.registrant;
  if (name === "webinarID" || (name === "id" && route.path.startsWith("/webinar"))) return ids.event;
  if (name === "id" && route.path.startsWith("/timelines")) return ids.timeline;
  if (name === "kind") return "mailchimp";
  if (name === "type") return "image";
  return randomUUID();
}

/** Query values to try for one field: every option of a picklist, the marked rows' ids, a first page. */
function queryValues(name: string, schema: Schema): string[] {
  const inner = schema.wrapped ?? schema;
  if (inner.type === "picklist") return (inner.options as string[]) ?? [];
  if (name === "webinarID") return [ids.event];
  if (name === "webinarTimeline" || name === "wtl") return [ids.timeline];
  if (name === "uuid") return [ids.registrant];
  if (name === "page") return ["1"];
  if (name === "fileId") return [randomUUID()];
  return [];
}

/** Every call the sweep makes for a route: its path filled in, times each combination of query values. */
function callsOf(route: Route): string[] {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(paramValue(route, name)));
  let queries: URLSearchParams[] = [new URLSearchParams()];
  for (const [name, schema] of Object.entries((route.query as Schema | undefined)?.entries ?? {})) {
    const values = queryValues(name, schema);
    if (values.length === 0) continue;
    queries = queries.flatMap((query) => values.map((value) => new URLSearchParams([...query, [name, value]])));
  }
  return queries.map((query) => (query.size ? `${path}?${query}` : path));
}

const readable = apiRoutes.filter((route) => route.method === "GET" && !ACCESS_WITHOUT_READING.has(route.access));
const get = async (path: string, token: string) => {
  const response = await t.app.request(`${API}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const stream = response.headers.get("content-type")?.startsWith("text/event-stream") && response.body;
  if (!stream) return { status: response.status, text: await response.text() };
  // An event stream (the live console's channel) never ends: what it sends in its first second is its answer.
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const until = Date.now() + 1000;
  let text = "";
  for (;;) {
    const timeLeft = until - Date.now();
    if (timeLeft <= 0) break;
    const next = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), timeLeft))]);
    if (!next || next.done) break;
    text += decoder.decode(next.value, { stream: true });
  }
  await reader.cancel();
  return { status: response.status, text };
};
const showsLead = (text: string) => Object.values(MARKS).some((mark) => text.includes(mark));

describe("lead data needs the leads:read scope", () => {
  it("is found by the sweep where it is (the sweep reaches the data)", async () => {
    const found: string[] = [];
    for (const route of readable) {
      for (const path of callsOf(route)) {
        const answer = await get(path, fullToken);
        expect(answer.status, `GET ${path}: the sweep must know how to call it`).not.toBe(400);
        if (showsLead(answer.text)) found.push(`${route.method} ${route.path}`);
      }
    }
    expect(found).toEqual(expect.arrayContaining(["GET /registrants", "GET /webinar/export"]));
    for (const key of new Set(found)) {
      expect(apiRoutes.find((route) => `${route.method} ${route.path}` === key)?.access, key).toBe("leads:read");
    }
  });

  it("is never answered to a token with every other scope", async () => {
    for (const route of readable) {
      for (const path of callsOf(route)) {
        const answer = await get(path, noLeadsToken);
        expect(showsLead(answer.text), `GET ${path} answered lead data (${answer.status})`).toBe(false);
      }
    }
    const refused = await get(`/webinar/export?type=registrants&webinarID=${ids.event}`, noLeadsToken);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('lacks the \\"leads:read\\" scope');
  });
});
