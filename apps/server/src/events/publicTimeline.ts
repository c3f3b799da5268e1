import { and, asc, eq, gt } from "drizzle-orm";
import * as v from "valibot";
import {
  GeneralSettingSchema,
  RegistrationSettingSchema,
  type GeneralSetting,
  type RegistrationSetting,
} from "@cuepoint/sdk";
import { events, timelines, type EventRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { notFound } from "../http/errors.js";
import { isUuid } from "../http/ids.js";

/** What the public endpoints need of a timeline. */
export interface PublicTimeline {
  id: string;
  accountId: string;
  name: string;
  general: GeneralSetting;
  registration: RegistrationSetting;
}

/** A section of a stored setting, with the SDK's defaults; an unreadable section reads as the defaults. */
function section<TSchema extends v.GenericSchema>(schema: TSchema, value: unknown): v.InferOutput<TSchema> {
  const parsed = v.safeParse(schema, value ?? {});
  return parsed.success ? parsed.output : v.parse(schema, {});
}

/**
 * An active timeline by id, whatever its account — the public endpoints are reached by timeline id
 * alone, and the account comes from the timeline. Unknown, malformed and trashed ids all answer the
 * same 404, so the endpoint says nothing about timelines that are not open.
 */
export async function findPublicTimeline(orm: Orm, id: string): Promise<PublicTimeline> {
  const [row] = isUuid(id)
    ? await orm
        .select({ id: timelines.id, accountId: timelines.accountId, name: timelines.name, setting: timelines.setting })
        .from(timelines)
        .where(and(eq(timelines.id, id), eq(timelines.status, "active")))
    : [];
  if (!row) throw notFound(NO_FORM);
  return publicTimelineOf(row);
}

/** The answer to a timeline the public endpoints do not show (unknown, malformed or trashed). */
export const NO_FORM = "There is no registration form for this timeline.";

/** What the public endpoints need of a stored timeline row: its sections read with the SDK's defaults. */
export function publicTimelineOf(row: { id: string; accountId: string; name: string; setting: unknown }): PublicTimeline {
  const setting = (row.setting ?? {}) as Record<string, unknown>;
  const general = section(GeneralSettingSchema, setting.general);
  return {
    id: row.id,
    accountId: row.accountId,
    name: general.timelineName || row.name,
    general,
    registration: section(RegistrationSettingSchema, setting.registration),
  };
}

/** The instant before which a session's start closes its registration (`registrationStart` minutes after it). */
export const registrationClosesAfter = (timeline: PublicTimeline, now: Date): Date =>
  new Date(now.getTime() - timeline.registration.registrationStart * 60_000);

/** How many sessions the form offers: the next one (one-time), or up to {@link MAX_SESSIONS}. */
export const sessionsOffered = (timeline: PublicTimeline): number => (timeline.registration.type === "one-time" ? 1 : MAX_SESSIONS);

/** How many sessions a multi-option form offers. */
export const MAX_SESSIONS = 10;

/**
 * The sessions a registration can take now: the timeline's visible events, soonest first, still
 * open by `registration.registrationStart` (minutes after the start during which the form keeps
 * offering a session; negative closes it before the start). One-time forms offer only the next.
 */
export async function upcomingSessions(orm: Orm, timeline: PublicTimeline, now: Date): Promise<EventRow[]> {
  const closesAfter = registrationClosesAfter(timeline, now);
  return orm
    .select()
    .from(events)
    .where(
      and(
        eq(events.timelineId, timeline.id),
        eq(events.accountId, timeline.accountId),
        eq(events.visible, true),
        gt(events.startsAt, closesAfter),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(sessionsOffered(timeline));
}
