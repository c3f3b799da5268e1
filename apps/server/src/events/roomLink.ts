import { and, eq } from "drizzle-orm";
import * as v from "valibot";
import { GeneralSettingSchema, PageSettingSchema, blocksForEvent, generalForDay, type GeneralSetting, type PageSetting, type TimelineBlocks } from "@cuepoint/sdk";
import { events, registrants, timelines, type EventRow, type RegistrantRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { HttpError } from "../http/errors.js";
import { isUuid } from "../http/ids.js";

/** The timeline of a room: its settings read with the SDK's defaults. */
export interface RoomTimeline {
  id: string;
  accountId: string;
  name: string;
  general: GeneralSetting;
  page: PageSetting;
  blocks: TimelineBlocks;
}

/** What a personal link opens: one registrant of one event of one timeline, all of one account. */
export interface RoomLink {
  token: string;
  accountId: string;
  registrant: RegistrantRow;
  event: EventRow;
  timeline: RoomTimeline;
}

/**
 * Why a link opens nothing: 404 unknown or malformed (the same words, so tokens cannot be probed),
 * 410 the event was deleted or its timeline trashed, 403 the registrant was banned. The pages show
 * it as HTML, the room API as the usual JSON error.
 */
export class RoomLinkError extends HttpError {
  constructor(
    override readonly status: 403 | 404 | 410,
    readonly title: string,
    message: string,
  ) {
    super(status, message);
    this.name = "RoomLinkError";
  }
}

export const UNKNOWN_LINK = new RoomLinkError(
  404,
  "This link does not work",
  "There is no event registration for this link. Check that you copied the whole link from your confirmation email.",
);
const BANNED = new RoomLinkError(
  403,
  "This link has been turned off",
  "The organizer has turned off this registration, so this link no longer opens the event.",
);
const EVENT_GONE = new RoomLinkError(
  410,
  "This event is no longer available",
  "The organizer has cancelled this event. If you registered for another session, use the link of that registration.",
);

/** A section of a stored setting, with the SDK's defaults; an unreadable section reads as the defaults. */
export function section<TSchema extends v.GenericSchema>(schema: TSchema, value: unknown): v.InferOutput<TSchema> {
  const parsed = v.safeParse(schema, value ?? {});
  return parsed.success ? parsed.output : v.parse(schema, {});
}

/**
 * The registrant, event and timeline of a personal link (`registrants.uuid`). The account comes
 * from the registrant, and the event and timeline are looked up within that account only.
 *
 * @example
 * const link = await findRoomLink(orm, c.req.param("token")); // throws RoomLinkError
 */
export async function findRoomLink(orm: Orm, token: string): Promise<RoomLink> {
  if (!isUuid(token)) throw UNKNOWN_LINK;
  const [registrant] = await orm.select().from(registrants).where(eq(registrants.uuid, token));
  if (!registrant) throw UNKNOWN_LINK;
  if (registrant.banned) throw BANNED;
  // A deleted event leaves its registrants without one (registrants.event_id: on delete set null).
  if (!registrant.eventId) throw EVENT_GONE;
  const [row] = await orm
    .select({ event: events, timeline: timelines })
    .from(events)
    .innerJoin(timelines, and(eq(timelines.id, events.timelineId), eq(timelines.accountId, registrant.accountId)))
    .where(and(eq(events.id, registrant.eventId), eq(events.accountId, registrant.accountId)));
  if (!row || row.timeline.status !== "active") throw EVENT_GONE;
  const setting = (row.timeline.setting ?? {}) as Record<string, unknown>;
  // A multi-event day's event plays that day's video and countdown and runs that day's actions.
  const general = generalForDay(section(GeneralSettingSchema, setting.general), row.event.dayKey);
  return {
    token: registrant.uuid,
    accountId: registrant.accountId,
    registrant,
    event: row.event,
    timeline: {
      id: row.timeline.id,
      accountId: row.timeline.accountId,
      name: general.timelineName || row.timeline.name,
      general,
      page: section(PageSettingSchema, setting.page),
      blocks: blocksForEvent(row.timeline.blocks ?? {}, general.multiEvents, { eventId: row.event.id, dayKey: row.event.dayKey }),
    },
  };
}
