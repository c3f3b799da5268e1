import { and, eq } from "drizzle-orm";
import * as v from "valibot";
import {
  chatModeOf,
  GeneralSettingSchema,
  itemsDueAt,
  PageSettingSchema,
  roomControlOf,
  roomTimingOf,
  roomViewAt,
  type ConsoleEvent,
  type GeneralSetting,
  type RoomChatSettings,
  type RoomItem,
  type RoomTiming,
} from "@cuepoint/sdk";
import { timelines, type EventRow } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";
import { notFound } from "../../http/errors.js";
import { NO_WEBINAR, ownEvent } from "../../events/access.js";
import { loadProgram } from "../../events/program.js";
import { liveScript, platformOf, roomItemsOf } from "../roomState.js";
import { eventControlOf, type EventControl } from "./control.js";
import { pushedItems } from "./pushes.js";

/** An event of the account as the console runs it: settings, timing (with the host's control), items. */
export interface ConsoleRoom {
  accountId: string;
  event: EventRow;
  timelineName: string;
  general: GeneralSetting;
  platform: "aevent" | "vsl";
  timing: RoomTiming;
  control: EventControl;
}

function section<TSchema extends v.GenericSchema>(schema: TSchema, value: unknown): v.InferOutput<TSchema> {
  const parsed = v.safeParse(schema, value ?? {});
  return parsed.success ? parsed.output : v.parse(schema, {});
}

/**
 * The event `id` of the account with its timeline's settings and timing; another account's event
 * (or a malformed id) answers 404 like `GET /webinars/:id`.
 *
 * @example
 * const room = await loadConsoleRoom(orm, caller.accountId, params.id);
 */
export async function loadConsoleRoom(orm: Orm, accountId: string, id: string): Promise<ConsoleRoom> {
  const event = await ownEvent(orm, accountId, id);
  const [timeline] = await orm
    .select()
    .from(timelines)
    .where(and(eq(timelines.id, event.timelineId), eq(timelines.accountId, accountId)));
  if (!timeline) throw notFound(NO_WEBINAR);
  const setting = (timeline.setting ?? {}) as Record<string, unknown>;
  const general = section(GeneralSettingSchema, setting.general);
  const [program, control] = await Promise.all([loadProgram(orm, accountId, general), eventControlOf(orm, accountId, event.id)]);
  const timing = roomTimingOf({
    general,
    startsAt: event.startsAt,
    timeZone: event.timeZone,
    programSeconds: program ? Math.ceil(program.durationSeconds) : null,
    control,
  });
  return { accountId, event, timelineName: general.timelineName || timeline.name, general, platform: platformOf(general), timing, control };
}

/** The room items of the console's event (script and pushes), for the subject. */
async function itemsOf(orm: Orm, room: ConsoleRoom): Promise<RoomItem[]> {
  const [timeline] = await orm.select().from(timelines).where(eq(timelines.id, room.event.timelineId));
  const setting = (timeline?.setting ?? {}) as Record<string, unknown>;
  const link = {
    accountId: room.accountId,
    event: room.event,
    timeline: {
      id: room.event.timelineId,
      accountId: room.accountId,
      name: room.timelineName,
      general: room.general,
      page: section(PageSettingSchema, setting.page),
      blocks: timeline?.blocks ?? {},
    },
  };
  const [script, pushed] = await Promise.all([liveScript(orm, link), pushedItems(orm, room.accountId, room.event.id)]);
  return [...roomItemsOf(script, link, room.platform), ...pushed].sort((a, b) => a.offsetSeconds - b.offsetSeconds);
}

/** The event part of the console at `now`: times, phase, control, the subject attendees see. */
export async function consoleEventOf(orm: Orm, room: ConsoleRoom, now: number): Promise<ConsoleEvent> {
  const view = roomViewAt(room.timing, now);
  const title = room.event.name || room.timelineName;
  const due = view.phase === "live" ? itemsDueAt(await itemsOf(orm, room), view.positionSeconds) : [];
  const subject = [...due].reverse().find((item) => item.action === "changesubject")?.subject ?? title;
  return {
    id: room.event.id,
    title,
    subject,
    timelineId: room.event.timelineId,
    startsAt: view.startsAt,
    endsAt: view.endsAt,
    phase: view.phase,
    control: roomControlOf(room.general),
    startedAt: room.control.startedAt?.getTime() ?? null,
    endedAt: room.control.endedAt?.getTime() ?? null,
  };
}

/** The chat as the event's settings make it (the console's `chat`). */
export function chatSettingsOf(room: Pick<ConsoleRoom, "general" | "platform">): RoomChatSettings {
  const { livechat, canned } = room.general.hls;
  return { enabled: room.platform === "aevent" && livechat.enabled, mode: chatModeOf(livechat.type), canned: room.platform === "aevent" ? canned : [] };
}
