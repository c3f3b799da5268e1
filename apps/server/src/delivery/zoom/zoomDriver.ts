import { ServiceError } from "../../integrations/serviceCall.js";
import type { ServiceContext } from "../../integrations/services/types.js";
import { platformCall } from "../platformCall.js";
import { isoSeconds, nameParts, type Attended, type PlatformDriver, type Registration, type SessionPlan } from "../platform.js";

/** Zoom's batch registration takes at most 30 registrants a call (README.md). */
export const ZOOM_BATCH = 30;
const REPORT_PAGE = 300;

const api = (ctx: ServiceContext, path: string) => ctx.url(`https://api.zoom.us/v2${path}`);

async function zoom<T>(ctx: ServiceContext, method: "GET" | "POST" | "PATCH" | "DELETE", path: string, json?: unknown) {
  const headers = { authorization: `Bearer ${await ctx.accessToken()}` };
  return platformCall<T>(ctx.label, api(ctx, path), { method, headers, ...(json === undefined ? {} : { json }) });
}

/** The webinar's fields Cuepoint sets: a scheduled webinar (type 5) with registration, approved automatically. */
const webinarBody = (plan: SessionPlan) => ({
  topic: plan.topic.slice(0, 200),
  agenda: plan.description.slice(0, 2000),
  type: 5,
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
 * Zoom Webinars (README.md): a webinar per event on the signed-in user, moved with PATCH, cancelled
 * with DELETE; people registered one by one, or 30 at a time through batch registration with
 * auto-approval; attendance from the webinar's participants report.
 */
export const zoomDriver: PlatformDriver = {
  platform: "zoom",
  noun: "webinar",
  async create(ctx, plan) {
    const { body } = await zoom<{ id: number | string }>(ctx, "POST", "/users/me/webinars", webinarBody(plan));
    return { remoteId: String(body.id) };
  },
  async move(ctx, session, plan) {
    const { start_time, duration, timezone, topic } = webinarBody(plan);
    await zoom(ctx, "PATCH", `/webinars/${encodeURIComponent(session.remoteId)}`, { start_time, duration, timezone, topic });
  },
  async cancel(ctx, session) {
    try {
      await zoom(ctx, "DELETE", `/webinars/${encodeURIComponent(session.remoteId)}?cancel_webinar_reminder=true`);
    } catch (error) {
      // Zoom's 3001 "Webinar does not exist": gone already (deleted in Zoom by the host).
      if (!(error instanceof ServiceError && error.status === 404)) throw error;
    }
  },
  async register(ctx, session, people) {
    const id = encodeURIComponent(session.remoteId);
    const person = (p: (typeof people)[number]) => {
      const { first, last } = nameParts(p);
      return { email: p.email, first_name: first.slice(0, 64), ...(last && { last_name: last.slice(0, 64) }) };
    };
    if (people.length === 1) {
      const [one] = people as [(typeof people)[number]];
      try {
        const { body } = await zoom<ZoomRegistrant>(ctx, "POST", `/webinars/${id}/registrants`, person(one));
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
        const { body } = await zoom<{ registrants?: ZoomRegistrant[] }>(ctx, "POST", `/webinars/${id}/batch_registrants`, {
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
      const { body } = await zoom<ParticipantsPage>(ctx, "GET", `/report/webinars/${encodeURIComponent(session.remoteId)}/participants?${query}`);
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
