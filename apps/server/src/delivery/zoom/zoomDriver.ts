import { ServiceError } from "../../integrations/serviceCall.js";
import type { ServiceContext } from "../../integrations/services/types.js";
import { platformCall } from "../platformCall.js";
import { isoSeconds, nameParts, type Attended, type PlatformDriver, type Registration, type RemoteSession, type SessionPlan } from "../platform.js";

/** Zoom's batch registration takes at most 30 registrants a call (README.md). */
export const ZOOM_BATCH = 30;
const REPORT_PAGE = 300;

const api = (ctx: ServiceContext, path: string) => ctx.url(`https://api.zoom.us/v2${path}`);

async function zoom<T>(ctx: ServiceContext, method: "GET" | "POST" | "PATCH" | "DELETE", path: string, json?: unknown) {
  const headers = { authorization: `Bearer ${await ctx.accessToken()}` };
  return platformCall<T>(ctx.label, api(ctx, path), { method, headers, ...(json === undefined ? {} : { json }) });
}

/** Zoom's error code for an account without the webinar plan ("Webinar plan is missing."). */
const NO_WEBINAR_PLAN = "200";
/** The session kind Cuepoint falls back to on such an account: a meeting with registration. */
const MEETING = "meeting";
const MEETING_NOTE = "The Zoom account has no webinar plan, so the event is a Zoom meeting with registration.";

/** Where a session lives in Zoom's API: its webinars, or its meetings. */
const collection = (session: RemoteSession) => (session.kind === MEETING ? "meetings" : "webinars");

/**
 * The session's fields Cuepoint sets: a scheduled webinar (type 5) or meeting (type 2) with
 * registration, approved automatically, and no confirmation mail from Zoom (Cuepoint sends its own).
 */
const sessionBody = (plan: SessionPlan, kind?: string) => ({
  topic: plan.topic.slice(0, 200),
  agenda: plan.description.slice(0, 2000),
  type: kind === MEETING ? 2 : 5,
  start_time: isoSeconds(plan.startsAt),
  duration: plan.minutes,
  timezone: plan.timeZone,
  settings: { approval_type: 0, registration_type: 1, registrants_confirmation_email: false },
});

interface ZoomRegistrant {
  email?: string;
  join_url: string;
  registrant_id: string;
}

interface ParticipantsPage {
  next_page_token?: string;
  participants?: Array<{ registrant_id?: string; user_email?: string; join_time?: string; leave_time?: string; duration?: number }>;
}

/**
 * Zoom Webinars, or Meetings on an account without the webinar plan (README.md): a session per event
 * on the signed-in user, moved with PATCH, cancelled with DELETE; people registered one by one, or 30
 * at a time through batch registration with auto-approval; attendance from its participants report.
 */
export const zoomDriver: PlatformDriver = {
  platform: "zoom",
  noun: "webinar",
  async create(ctx, plan) {
    try {
      const { body } = await zoom<{ id: number | string }>(ctx, "POST", "/users/me/webinars", sessionBody(plan));
      return { remoteId: String(body.id) };
    } catch (error) {
      if (!(error instanceof ServiceError && error.code === NO_WEBINAR_PLAN)) throw error;
    }
    // Most Zoom accounts (Pro, Business) have meetings but not the webinar add-on: a meeting with
    // registration gives each registrant the same personal join URL and a participants report.
    const { body } = await zoom<{ id: number | string }>(ctx, "POST", "/users/me/meetings", sessionBody(plan, MEETING));
    return { remoteId: String(body.id), kind: MEETING, note: MEETING_NOTE };
  },
  async move(ctx, session, plan) {
    const { start_time, duration, timezone, topic } = sessionBody(plan, session.kind);
    await zoom(ctx, "PATCH", `/${collection(session)}/${encodeURIComponent(session.remoteId)}`, { start_time, duration, timezone, topic });
  },
  async cancel(ctx, session) {
    const reminder = session.kind === MEETING ? "cancel_meeting_reminder" : "cancel_webinar_reminder";
    try {
      await zoom(ctx, "DELETE", `/${collection(session)}/${encodeURIComponent(session.remoteId)}?${reminder}=true`);
    } catch (error) {
      // Zoom's 3001 "Webinar/Meeting does not exist": gone already (deleted in Zoom by the host).
      if (!(error instanceof ServiceError && error.status === 404)) throw error;
    }
  },
  async register(ctx, session, people) {
    const id = `${collection(session)}/${encodeURIComponent(session.remoteId)}`;
    const person = (p: (typeof people)[number]) => {
      const { first, last } = nameParts(p);
      return { email: p.email, first_name: first.slice(0, 64), ...(last && { last_name: last.slice(0, 64) }) };
    };
    if (people.length === 1) {
      const [one] = people as [(typeof people)[number]];
      try {
        const { body } = await zoom<ZoomRegistrant>(ctx, "POST", `/${id}/registrants`, person(one));
        return [{ registrantId: one.registrantId, outcome: "registered", remoteId: body.registrant_id, joinUrl: body.join_url }];
      } catch (error) {
        if (error instanceof ServiceError && error.reason === "refused") return [{ registrantId: one.registrantId, outcome: "refused", message: error.message }];
        throw error;
      }
    }
    const outcomes: Registration[] = [];
    for (let from = 0; from < people.length; from += ZOOM_BATCH) {
      const batch = people.slice(from, from + ZOOM_BATCH);
      try {
        const { body } = await zoom<{ registrants?: ZoomRegistrant[] }>(ctx, "POST", `/${id}/batch_registrants`, {
          auto_approve: true,
          registrants_confirmation_email: false,
          registrants: batch.map(person),
        });
        const byEmail = new Map((body.registrants ?? []).map((r) => [r.email?.toLowerCase() ?? "", r]));
        for (const p of batch) {
          const found = byEmail.get(p.email.toLowerCase());
          outcomes.push(
            found
              ? { registrantId: p.registrantId, outcome: "registered", remoteId: found.registrant_id, joinUrl: found.join_url }
              : { registrantId: p.registrantId, outcome: "refused", message: `${ctx.label} did not register ${p.email}.` },
          );
        }
      } catch (error) {
        if (!(error instanceof ServiceError && error.reason === "refused")) throw error;
        for (const p of batch) outcomes.push({ registrantId: p.registrantId, outcome: "refused", message: error.message });
      }
    }
    return outcomes;
  },
  async attendance(ctx, session) {
    const found: Attended[] = [];
    let token = "";
    do {
      const query = `page_size=${REPORT_PAGE}${token ? `&next_page_token=${encodeURIComponent(token)}` : ""}`;
      const { body } = await zoom<ParticipantsPage>(ctx, "GET", `/report/${collection(session)}/${encodeURIComponent(session.remoteId)}/participants?${query}`);
      for (const p of body.participants ?? []) {
        if (!p.join_time || !p.leave_time) continue;
        found.push({
          remoteRegistrantId: p.registrant_id ?? "",
          email: p.user_email ?? "",
          joinedAt: new Date(p.join_time),
          leftAt: new Date(p.leave_time),
          seconds: Math.max(0, Math.round(p.duration ?? 0)),
        });
      }
      token = body.next_page_token ?? "";
    } while (token);
    return found;
  },
};
