import { ServiceError } from "../../integrations/serviceCall.js";
import type { ServiceContext } from "../../integrations/services/types.js";
import { platformCall } from "../platformCall.js";
import { isoSeconds, nameParts, type Attended, type PlatformDriver, type SessionPlan } from "../platform.js";

const api = (ctx: ServiceContext, path: string) => ctx.url(`https://api.getgo.com${path}`);

/** GoTo's error bodies: `{ errorCode, description }` (the v2 API), sometimes `{ int_err_code, msg }`. */
function gotoWords(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ["description", "msg", "message"]) if (typeof record[key] === "string" && record[key]) return record[key];
  return undefined;
}

async function goto<T>(ctx: ServiceContext, method: "GET" | "POST" | "PUT" | "DELETE", path: string, json?: unknown) {
  const headers = { authorization: `Bearer ${await ctx.accessToken()}`, accept: "application/json" };
  try {
    return await platformCall<T>(ctx.label, api(ctx, path), { method, headers, ...(json === undefined ? {} : { json }) }, gotoWords);
  } catch (error) {
    if (error instanceof ServiceError && error.status === 401) {
      throw new ServiceError(`${ctx.label} answered: the sign-in is no longer accepted (HTTP 401); connect ${ctx.label} again.`, "refused", 401);
    }
    throw error;
  }
}

/** The organizer the token signs in as (GoTo: "userKey and organizerKey contain the same value"). */
async function organizer(ctx: ServiceContext): Promise<string> {
  const { body } = await goto<{ key: string | number }>(ctx, "GET", "/admin/rest/v1/me");
  return encodeURIComponent(String(body.key));
}

const times = (plan: SessionPlan) => [
  { startTime: isoSeconds(plan.startsAt), endTime: isoSeconds(new Date(plan.startsAt.getTime() + plan.minutes * 60_000)) },
];

interface GoToAttendee {
  registrantKey?: string | number;
  email?: string;
  attendanceTimeInSeconds?: number;
  attendance?: Array<{ joinTime?: string; leaveTime?: string }>;
}

/** A webinar's registrant with this email, from GoTo's list of its registrants. */
async function registrantByEmail(ctx: ServiceContext, path: string, email: string) {
  const { body } = await goto<Array<{ registrantKey?: string | number; email?: string; joinUrl?: string }>>(ctx, "GET", path);
  const found = (Array.isArray(body) ? body : []).find((r) => r.email?.toLowerCase() === email.toLowerCase());
  return found?.registrantKey !== undefined && found.joinUrl ? { registrantKey: found.registrantKey, joinUrl: found.joinUrl } : undefined;
}

/**
 * GoTo Webinar (README.md): a single-session webinar per event on the signed-in organizer, moved with
 * PUT, cancelled with DELETE; each person registered on its own (GoTo has no bulk registration);
 * attendance from the webinar's attendees with their join and leave times.
 */
export const gotoDriver: PlatformDriver = {
  platform: "gotowebinar",
  noun: "webinar",
  async create(ctx, plan) {
    const key = await organizer(ctx);
    const { body } = await goto<{ webinarKey: string | number }>(ctx, "POST", `/G2W/rest/v2/organizers/${key}/webinars`, {
      subject: plan.topic.slice(0, 128),
      description: plan.description.slice(0, 2048),
      times: times(plan),
      timeZone: plan.timeZone,
      type: "single_session",
      isPasswordProtected: false,
    });
    return { remoteId: String(body.webinarKey) };
  },
  async move(ctx, session, plan) {
    const key = await organizer(ctx);
    await goto(ctx, "PUT", `/G2W/rest/v2/organizers/${key}/webinars/${encodeURIComponent(session.remoteId)}?notifyParticipants=true`, {
      subject: plan.topic.slice(0, 128),
      times: times(plan),
      timeZone: plan.timeZone,
    });
  },
  async cancel(ctx, session) {
    const key = await organizer(ctx);
    try {
      await goto(ctx, "DELETE", `/G2W/rest/v2/organizers/${key}/webinars/${encodeURIComponent(session.remoteId)}?sendCancellationEmails=false`);
    } catch (error) {
      if (!(error instanceof ServiceError && error.status === 404)) throw error;
    }
  },
  async register(ctx, session, people) {
    const key = await organizer(ctx);
    const path = `/G2W/rest/v2/organizers/${key}/webinars/${encodeURIComponent(session.remoteId)}/registrants`;
    const outcomes = [];
    for (const person of people) {
      const { first, last } = nameParts(person);
      try {
        const { body } = await goto<{ registrantKey: string | number; joinUrl: string }>(ctx, "POST", path, {
          firstName: first.slice(0, 128),
          lastName: (last || "-").slice(0, 128),
          email: person.email,
        });
        outcomes.push({ registrantId: person.registrantId, outcome: "registered" as const, remoteId: String(body.registrantKey), joinUrl: body.joinUrl });
      } catch (error) {
        if (!(error instanceof ServiceError && error.reason === "refused")) throw error;
        // 409: the email is registered already (by us before a crash lost the answer, or by the host in
        // GoTo): their existing personal link is the registration.
        const existing = error.status === 409 ? await registrantByEmail(ctx, path, person.email) : undefined;
        outcomes.push(
          existing
            ? { registrantId: person.registrantId, outcome: "registered" as const, remoteId: String(existing.registrantKey), joinUrl: existing.joinUrl }
            : { registrantId: person.registrantId, outcome: "refused" as const, message: error.message },
        );
      }
    }
    return outcomes;
  },
  async attendance(ctx, session) {
    const key = await organizer(ctx);
    const { body } = await goto<GoToAttendee[]>(ctx, "GET", `/G2W/rest/v2/organizers/${key}/webinars/${encodeURIComponent(session.remoteId)}/attendees`);
    return (Array.isArray(body) ? body : []).flatMap((attendee): Attended[] =>
      (attendee.attendance ?? []).flatMap((visit) => {
        if (!visit.joinTime || !visit.leaveTime) return [];
        const joinedAt = new Date(visit.joinTime);
        const leftAt = new Date(visit.leaveTime);
        return [{ remoteRegistrantId: String(attendee.registrantKey ?? ""), email: attendee.email ?? "", joinedAt, leftAt, seconds: Math.max(0, Math.round((leftAt.getTime() - joinedAt.getTime()) / 1000)) }];
      }),
    );
  },
};
