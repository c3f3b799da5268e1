import { createClient, type ApiError } from "@cuepoint/sdk";
import { insertEvent, insertTimeline } from "../../leads/test-support/testFixtures.js";
import type { TestApp } from "../../test-support/testApp.js";

/** The public registration routes as a visitor's browser calls them, on a test app. */

const HOUR = 3_600_000;
let ipCounter = 0;

/** A visitor's browser on `page`, from its own address (so per-IP limits stay out of the way). */
export const visitorOn = (t: TestApp, page?: string, ip = `198.51.100.${++ipCounter}`) =>
  createClient({
    apiURL: "http://localhost/api",
    fetch: (input, init) => t.app.request(input instanceof Request ? input : String(input), init),
    headers: { ...(page && { origin: page }), "x-forwarded-for": ip },
    xsrf: false,
  }).request;

export interface Registration {
  success: {
    registrantId: string;
    eventId: string;
    startTime: string;
    timeZone: string;
    joinUrl: string;
    replayUrl: string;
    created: boolean;
  };
}

/** A registration sent from `page`, from its own address. */
export const registerOn = (t: TestApp, timelineId: string, body: object, page = "https://www.example.com") =>
  visitorOn(t, page).raw<Registration>("POST", `/public/timelines/${timelineId}/registrations`, body);

/** The API error a call answers, undefined when it succeeds. */
export const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as ApiError,
  );

/** A timeline of the account with two upcoming sessions (and one past, one hidden). */
export async function insertWebinar(t: TestApp, accountId: string, registration: object = {}, general: object = {}) {
  const timelineId = await insertTimeline(t.db.orm, accountId, {
    registration,
    general: { timeZone: "Europe/Paris", timelineName: "Launch", ...general },
  });
  const now = Date.now();
  const past = await insertEvent(t.db.orm, { accountId, timelineId, startsAt: new Date(now - 2 * HOUR) });
  const next = await insertEvent(t.db.orm, { accountId, timelineId, startsAt: new Date(now + HOUR), name: "Tuesday" });
  const later = await insertEvent(t.db.orm, {
    accountId,
    timelineId,
    startsAt: new Date(now + 25 * HOUR),
    name: "Wednesday",
  });
  await insertEvent(t.db.orm, { accountId, timelineId, startsAt: new Date(now + 2 * HOUR), visible: false });
  return { timelineId, past, next, later };
}
