import { and, count, eq, gt, gte, lte, sql, type SQL } from "drizzle-orm";
import type { AnalyticsPeriod } from "@cuepoint/sdk";
import { attendance, events, registrants } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";

const DAY_MS = 86_400_000;
/** Days a finite period covers, today included. */
const PERIOD_DAYS: Record<Exclude<AnalyticsPeriod, "all">, number> = {
  today: 1,
  "7d": 7,
  "30d": 30,
  "90d": 90,
  "365d": 365,
};

/** The three default audience segments (spec §3): everyone, attended > 0, attended = 0. */
export const SEGMENTS = ["3", "a1", "a2"] as const;
export type Segment = (typeof SEGMENTS)[number];

export interface AttendanceScope {
  accountId: string;
  now: Date;
  period: AnalyticsPeriod;
  eventId?: string | undefined;
  timelineId?: string | undefined;
  segment?: Segment | undefined;
}

export interface DayStats {
  date: string;
  registrants: number;
  attendees: number;
  nonAttendees: number;
  averageMinutes: number;
}

export interface AttendanceStats extends Omit<DayStats, "date"> {
  attendanceRate: number;
  totalMinutes: number;
  /** Registrants who watched the replay (the event room counts it apart; it never makes an attendee). */
  replayViewers: number;
  /** All time spent watching the replay. */
  replayMinutes: number;
  days: DayStats[];
  period: { name: AnalyticsPeriod; from: string | null; to: string };
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);
const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const average = (seconds: number, attendees: number) => (attendees > 0 ? oneDecimal(seconds / 60 / attendees) : 0);

/** UTC midnight starting a period: today's for `today`, N-1 days earlier for `Nd`, none for `all`. */
export function periodStart(period: AnalyticsPeriod, now: Date): Date | null {
  if (period === "all") return null;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (PERIOD_DAYS[period] - 1) * DAY_MS);
}

/**
 * Registrants and attendance of the events that started within the period (up to now), by the
 * UTC day of the event's start. Upcoming events are left out: nobody can have attended them yet,
 * so counting their registrants would read as non-attendance. `averageMinutes` is the mean time
 * in the room of those who attended.
 */
export async function attendanceStats(orm: Orm, scope: AttendanceScope): Promise<AttendanceStats> {
  const from = periodStart(scope.period, scope.now);
  const attended = gt(attendance.attendedSeconds, 0);
  const filters: (SQL | undefined)[] = [
    eq(registrants.accountId, scope.accountId),
    eq(events.accountId, scope.accountId),
    lte(events.startsAt, scope.now),
    from ? gte(events.startsAt, from) : undefined,
    scope.eventId ? eq(events.id, scope.eventId) : undefined,
    scope.timelineId ? eq(events.timelineId, scope.timelineId) : undefined,
    scope.segment === "a1" ? attended : undefined,
    scope.segment === "a2" ? sql`coalesce(${attendance.attendedSeconds}, 0) = 0` : undefined,
  ];
  const day = sql<string>`to_char(${events.startsAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await orm
    .select({
      day,
      registrants: count(registrants.uuid),
      attendees: sql<number>`count(*) filter (where ${attended})`.mapWith(Number),
      seconds: sql<number>`coalesce(sum(${attendance.attendedSeconds}) filter (where ${attended}), 0)`.mapWith(Number),
      replayViewers: sql<number>`count(*) filter (where ${attendance.replaySeconds} > 0)`.mapWith(Number),
      replaySeconds: sql<number>`coalesce(sum(${attendance.replaySeconds}), 0)`.mapWith(Number),
    })
    .from(registrants)
    .innerJoin(events, eq(events.id, registrants.eventId))
    .leftJoin(attendance, and(eq(attendance.registrantId, registrants.uuid), eq(attendance.eventId, events.id)))
    .where(and(...filters))
    .groupBy(day)
    .orderBy(day);

  const byDay = new Map(rows.map((row) => [row.day, row]));
  // Finite periods list every day, zero-filled; `all` lists the days that had events.
  const dates = from
    ? Array.from({ length: Math.round((Date.parse(utcDay(scope.now)) - from.getTime()) / DAY_MS) + 1 }, (_, i) =>
        utcDay(new Date(from.getTime() + i * DAY_MS)),
      )
    : rows.map((row) => row.day);
  const days = dates.map((date): DayStats => {
    const row = byDay.get(date);
    const registered = row?.registrants ?? 0;
    const came = row?.attendees ?? 0;
    return {
      date,
      registrants: registered,
      attendees: came,
      nonAttendees: registered - came,
      averageMinutes: average(row?.seconds ?? 0, came),
    };
  });
  const total = (key: "registrants" | "attendees" | "seconds" | "replayViewers" | "replaySeconds") =>
    rows.reduce((sum, row) => sum + row[key], 0);
  const [registered, came, seconds] = [total("registrants"), total("attendees"), total("seconds")];
  return {
    registrants: registered,
    attendees: came,
    nonAttendees: registered - came,
    attendanceRate: registered > 0 ? Math.round((came / registered) * 1000) / 1000 : 0,
    averageMinutes: average(seconds, came),
    totalMinutes: oneDecimal(seconds / 60),
    replayViewers: total("replayViewers"),
    replayMinutes: oneDecimal(total("replaySeconds") / 60),
    days,
    period: { name: scope.period, from: from?.toISOString() ?? null, to: scope.now.toISOString() },
  };
}
