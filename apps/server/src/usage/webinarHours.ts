import { createHash } from "node:crypto";
import { and, eq, exists, gt, gte, lt, lte, notExists, sql, sum } from "drizzle-orm";
import { checkLimit, OWN_PLATFORM, type TimelineMasterSetting } from "@cuepoint/sdk";
import type { Caller } from "../http/authenticate.js";
import { attendance, events, timelines, usageEvents } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { eventTimings, liveEndOf, timelineLiveSeconds } from "../events/eventTiming.js";
import { accountLimits, overPlan } from "../timelines/limits.js";
import { usagePeriod } from "./period.js";

/**
 * Webinar hours (spec §9's per-plan limit; `resource_status.webinar_hours`) measure how long
 * Cuepoint's own live room ran events that people came to:
 * - an event counts once it has ended — when its room ends (events/eventTiming.ts: the start plus
 *   the program's length, else `manualControl.duration` minutes, else `scheduleLength` hours) —
 *   and at least one registrant attended it: the room's server-observed attendance
 *   (`attendance.attended_seconds` > 0; replays never count);
 * - it counts the length its room ran live, whatever the number of attendees (the room runs for
 *   everyone at once), and nothing when nobody came;
 * - the usage row is dated at the event's end, so it falls in the month the event ended.
 *
 * Rows are written by {@link settleWebinarHours}, lazily: whenever usage is read or checked. Each
 * event's row has an id derived from the event's id, so settling twice, or on two instances at
 * once, writes it once.
 */
export const WEBINAR_HOURS = "webinar_hours";

const HOUR_MS = 3_600_000;
/** Events settled per call at most; the rest are settled by the next read. */
const SETTLE_BATCH = 500;

/** The usage row id of an event's webinar hours: `md5('webinar_hours:' || event id)` as a uuid. */
export function webinarHoursRowId(eventId: string): string {
  const hex = createHash("md5").update(`${WEBINAR_HOURS}:${eventId}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
const rowIdSql = sql`md5(${WEBINAR_HOURS + ":"} || ${events.id}::text)::uuid`;

/**
 * Writes the webinar-hours usage rows of the account's ended, attended events that have none yet.
 *
 * @example
 * await settleWebinarHours(orm, caller.accountId, new Date()); // then sum usage_events as usual
 */
export async function settleWebinarHours(orm: Orm, accountId: string, now: Date): Promise<void> {
  const candidates = await orm
    .select({
      id: events.id,
      name: events.name,
      startsAt: events.startsAt,
      timeZone: events.timeZone,
      timelineId: events.timelineId,
      general: sql<unknown>`${timelines.setting}->'general'`,
    })
    .from(events)
    .innerJoin(timelines, eq(timelines.id, events.timelineId))
    .where(
      and(
        eq(events.accountId, accountId),
        lte(events.startsAt, now),
        exists(
          orm
            .select({ one: sql`1` })
            .from(attendance)
            .where(and(eq(attendance.eventId, events.id), gt(attendance.attendedSeconds, 0))),
        ),
        notExists(orm.select({ one: sql`1` }).from(usageEvents).where(eq(usageEvents.id, rowIdSql))),
      ),
    )
    .limit(SETTLE_BATCH);
  const timings = await eventTimings(
    orm,
    candidates.map((event) => ({ ...event, accountId })),
  );
  const rows = candidates.flatMap((event) => {
    const timing = timings.get(event.id);
    const end = timing ? liveEndOf(timing, now.getTime()) : Infinity;
    if (!timing || end > now.getTime()) return [];
    const endsAt = new Date(end);
    return [
      {
        id: webinarHoursRowId(event.id),
        accountId,
        type: WEBINAR_HOURS,
        quantity: (end - timing.startsAt) / HOUR_MS,
        description: `${event.name || "Webinar"} (${event.startsAt.toISOString().slice(0, 16).replace("T", " ")} UTC)`,
        createdAt: endsAt,
      },
    ];
  });
  if (rows.length > 0) await orm.insert(usageEvents).values(rows).onConflictDoNothing({ target: usageEvents.id });
}

/** The account's webinar hours in `[from, to)`, settled first. */
export async function webinarHoursUsed(orm: Orm, accountId: string, period: { from: Date; to: Date }, now: Date) {
  await settleWebinarHours(orm, accountId, now);
  const [row] = await orm
    .select({ hours: sum(usageEvents.quantity).mapWith(Number) })
    .from(usageEvents)
    .where(
      and(
        eq(usageEvents.accountId, accountId),
        eq(usageEvents.type, WEBINAR_HOURS),
        gte(usageEvents.createdAt, period.from),
        lt(usageEvents.createdAt, period.to),
      ),
    );
  return row?.hours ?? 0;
}

/**
 * Refuses to schedule an event in the own live room (`general.deliveryPlatform` `aevent`) when the
 * current month's (UTC) webinar hours plus one event's length (its room's, {@link timelineLiveSeconds}) would pass the plan's limit (403 with the SDK's
 * `checkLimit` sentence, on `field`). Events on other platforms (Zoom, GoToWebinar, YouTube, a VSL page, or no
 * platform chosen yet) use no webinar hours and are never refused.
 */
export async function assertWebinarHours(
  orm: Orm,
  caller: Caller,
  general: TimelineMasterSetting["general"] | undefined,
  now: Date,
  field = "webinarTimeline",
): Promise<void> {
  if (general?.deliveryPlatform !== OWN_PLATFORM) return;
  const [limits, used, liveSeconds] = await Promise.all([
    accountLimits(orm, caller),
    webinarHoursUsed(orm, caller.accountId, usagePeriod(now), now),
    timelineLiveSeconds(orm, caller.accountId, general),
  ]);
  const check = checkLimit("webinarHours", used, (liveSeconds * 1000) / HOUR_MS, limits);
  if (!check.ok) throw overPlan(check.message, field);
}
