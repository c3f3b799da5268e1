import { and, eq, sql } from "drizzle-orm";
import { platformRegistrants, platformSessions, registrants, type PlatformSessionRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { ServiceError } from "../integrations/serviceCall.js";
import { addAttendance, type AttendanceDelta, ATTENDANCE_ROWS_PER_WRITE } from "../events/attendanceWrites.js";
import { eventTimingOf, liveEndOf } from "../events/eventTiming.js";
import { attendanceDue } from "./sessions.js";
import { driverFor, platformContext } from "./drivers.js";
import { deliveryLog, retryAt, retryNote, type DeliveryDeps } from "./deliveryLog.js";
import { remoteOf, type Attended } from "./platform.js";

/** How long after an event's end its platform report is asked for (Zoom's report needs the session closed). */
export const ATTENDANCE_DELAY_MS = 5 * 60_000;

/**
 * Brings the attendance of ended platform sessions into the event's attendance rows (the same rows
 * the room writes), so segments, the attendee and non-attendee mails, analytics and webinar hours
 * work whichever platform ran the event. Each person's lines are summed, matched to the registrant
 * by the platform's registrant id, else by email within the event; people who were not registrants
 * through Cuepoint are left out. Done once per session.
 */
export async function importAttendance(deps: DeliveryDeps): Promise<number> {
  const { orm } = deps;
  const now = deps.now();
  let done = 0;
  for (const row of await attendanceDue(orm, now)) {
    const timing = await eventTimingOf(orm, { ...row.event, general: row.general });
    const endsAt = liveEndOf(timing, now.getTime());
    const { session } = row;
    if (now.getTime() < endsAt + ATTENDANCE_DELAY_MS) {
      await orm.update(platformSessions).set({ nextAttemptAt: new Date(endsAt + ATTENDANCE_DELAY_MS) }).where(eq(platformSessions.id, session.id));
      continue;
    }
    const log = (outcome: "done" | "failed" | "refused", detail: string) =>
      deliveryLog(orm, { accountId: session.accountId, eventId: session.eventId, platform: session.platform, operation: "attendance", outcome, detail, at: now });
    try {
      const ctx = await platformContext(orm, session, deps.now);
      const lines = await driverFor(session.platform).attendance(ctx, remoteOf(session));
      const deltas = await matchAttendees(orm, session, lines);
      const liveSeconds = Math.max(0, (endsAt - timing.startsAt) / 1000);
      for (let from = 0; from < deltas.length; from += ATTENDANCE_ROWS_PER_WRITE) {
        await addAttendance(orm, liveSeconds, deltas.slice(from, from + ATTENDANCE_ROWS_PER_WRITE));
      }
      await orm.update(platformSessions).set({ attendanceImportedAt: now, nextAttemptAt: null, attempts: 0 }).where(eq(platformSessions.id, session.id));
      await log("done", `${ctx.label} reported ${deltas.length} registrant${deltas.length === 1 ? "" : "s"} attending.`);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      const attempts = session.attempts + 1;
      // A refusal (a grant that expired meanwhile) is tried again later too: reconnecting fixes it.
      const next = retryAt(now, error.reason === "refused" ? 8 : attempts);
      await orm.update(platformSessions).set({ attempts, nextAttemptAt: next }).where(eq(platformSessions.id, session.id));
      await log(error.reason === "refused" ? "refused" : "failed", retryNote(error.message, next));
    }
    done += 1;
  }
  return done;
}

/** The report's lines as attendance deltas, one per registrant of the event. */
async function matchAttendees(orm: Orm, session: PlatformSessionRow, lines: readonly Attended[]): Promise<AttendanceDelta[]> {
  if (lines.length === 0) return [];
  const people = await orm
    .select({ uuid: registrants.uuid, email: sql<string>`lower(${registrants.email})`, remoteId: platformRegistrants.remoteId })
    .from(registrants)
    .leftJoin(platformRegistrants, and(eq(platformRegistrants.registrantId, registrants.uuid), eq(platformRegistrants.eventId, session.eventId)))
    .where(and(eq(registrants.accountId, session.accountId), eq(registrants.eventId, session.eventId)));
  const byRemote = new Map(people.filter((p) => p.remoteId).map((p) => [p.remoteId as string, p.uuid]));
  const byEmail = new Map(people.map((p) => [p.email, p.uuid]));
  const totals = new Map<string, { seconds: number; joinedAt: Date; leftAt: Date }>();
  for (const line of lines) {
    const registrantId = byRemote.get(line.remoteRegistrantId) ?? byEmail.get(line.email.toLowerCase());
    if (!registrantId) continue;
    const total = totals.get(registrantId);
    if (!total) totals.set(registrantId, { seconds: line.seconds, joinedAt: line.joinedAt, leftAt: line.leftAt });
    else {
      total.seconds += line.seconds;
      if (line.joinedAt < total.joinedAt) total.joinedAt = line.joinedAt;
      if (line.leftAt > total.leftAt) total.leftAt = line.leftAt;
    }
  }
  return [...totals].map(([registrantId, live]) => ({ accountId: session.accountId, eventId: session.eventId, registrantId, live }));
}
