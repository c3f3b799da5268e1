import { eq } from "drizzle-orm";
import { roomItemOf, roomTimingOf, type RoomItem, type RoomTiming } from "@cuepoint/sdk";
import { eventLiveScripts, type LiveScriptItem } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { liveScriptOf } from "../engine/liveScript.js";
import { eventControlOf } from "./console/control.js";
import { pushedItems } from "./console/pushes.js";
import { planTimeline } from "../engine/plan.js";
import { loadProgram, programSecondsOf, type Program } from "../events/program.js";
import { findRoomLink, type RoomLink } from "../events/roomLink.js";
import { liveRoomOf, type LiveRoom } from "./live/liveRoom.js";
import { youtubeBroadcastOf } from "../delivery/youtube/roomEmbed.js";

/** Everything the room's answers are built from, for one personal link at one moment. */
export interface RoomState extends RoomLink {
  /** `vsl`: the room without chat (delivery platform or event type vsl); else Cuepoint's own room. */
  platform: "aevent" | "vsl";
  timing: RoomTiming;
  program: Program | null;
  /** Every timed item of the event's live script the room shows, in time order. */
  items: RoomItem[];
  /**
   * A live-streamed event (the host broadcasts over RTMP, live/): its stream's state and latest run;
   * `program` is then its recordings (the replay). Null for every other event.
   */
  live: LiveRoom | null;
  /** The YouTube Live broadcast the room embeds in place of its own player (delivery/youtube/), else null. */
  youtubeBroadcast: string | null;
}

/**
 * The event's live script: the stored one (engine/liveScript.ts keeps it whenever the event's
 * actions are scheduled or the timeline saved), else placed now from the timeline's blocks.
 */
export async function liveScript(orm: Orm, link: Pick<RoomLink, "accountId" | "event" | "timeline">): Promise<LiveScriptItem[]> {
  const [stored] = await orm.select().from(eventLiveScripts).where(eq(eventLiveScripts.eventId, link.event.id));
  if (stored && stored.accountId === link.accountId) return stored.items;
  const planned = planTimeline(link.timeline.blocks, link.timeline.general.timeZone, link.event);
  return liveScriptOf(planned, link.event.startsAt);
}

/**
 * The room items of a live script: the SDK's `roomItemOf` (the page CTA's button text and link fill
 * a CTA node's missing ones), without chat on a VSL, and without repeats — an auto-chat line is one
 * node per audience group, while everyone in the room sees one message.
 */
export function roomItemsOf(script: readonly LiveScriptItem[], link: Pick<RoomLink, "timeline">, platform: RoomState["platform"]): RoomItem[] {
  const { cta } = link.timeline.page;
  const defaults = { buttonText: cta.buttonTitle || undefined, url: cta.link || undefined };
  const seen = new Set<string>();
  const items: RoomItem[] = [];
  for (const entry of script) {
    const item = roomItemOf(entry, defaults);
    if (!item || (platform === "vsl" && item.action === "livechat")) continue;
    const { id: _id, ...content } = item;
    const key = JSON.stringify(content);
    if (seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  return items.sort((a, b) => a.offsetSeconds - b.offsetSeconds);
}

export const platformOf = (general: RoomLink["timeline"]["general"]): RoomState["platform"] =>
  general.deliveryPlatform === "vsl" || general.eventType === "vsl" ? "vsl" : "aevent";

/**
 * The room of a personal link: the link (throws `RoomLinkError`), the program of the account's
 * own encoded videos, the timing (the live part lasts the program, rounded up to the second, when
 * there is one), and, unless `withItems` is false, the live script's items.
 *
 * @example
 * const room = await loadRoom(orm, token);
 * roomViewAt(room.timing, Date.now()).phase; // "waiting"
 */
export async function loadRoom(orm: Orm, token: string, withItems = true): Promise<RoomState> {
  const link = await findRoomLink(orm, token);
  const { general } = link.timeline;
  const platform = platformOf(general);
  const [program, script, control, pushed, live, youtubeBroadcast] = await Promise.all([
    loadProgram(orm, link.accountId, general),
    withItems ? liveScript(orm, link) : Promise.resolve([]),
    eventControlOf(orm, link.accountId, link.event.id),
    withItems ? pushedItems(orm, link.accountId, link.event.id) : Promise.resolve([]),
    liveRoomOf(orm, link.accountId, link.event.id, general),
    youtubeBroadcastOf(orm, link.accountId, link.event.id, general),
  ]);
  const timing = roomTimingOf({
    general,
    startsAt: link.event.startsAt,
    timeZone: link.event.timeZone,
    programSeconds: programSecondsOf(program),
    control, // the host's start and end of a semi-automatic or manual event (issue 13)
  });
  const items = roomItemsOf(script, link, platform);
  // The host's pushes from the live console (issue 13) are items too, at the position they were pushed.
  if (pushed.length > 0) {
    items.push(...pushed);
    items.sort((a, b) => a.offsetSeconds - b.offsetSeconds);
  }
  // A live-streamed event's timing is its timeline's (no video); what it plays back is its recordings.
  return { ...link, platform, timing, program: live ? live.recording : program, items, live, youtubeBroadcast };
}

/** How long a room read for playlists and segments is reused: every viewer's player asks every few seconds. */
const CACHE_MS = 2000;
const CACHE_LIMIT = 10_000;
const caches = new WeakMap<Orm, Map<string, { at: number; room: Promise<RoomState> }>>();

/**
 * `loadRoom` without the script, reused for {@link CACHE_MS} per token: the HLS routes answer the
 * same link many times a minute. A ban or a trashed timeline reaches them within that time; errors
 * are not kept.
 *
 * @example
 * const room = await cachedRoom(orm, token); // the same promise for 2 s
 */
export function cachedRoom(orm: Orm, token: string): Promise<RoomState> {
  let cache = caches.get(orm);
  if (!cache) caches.set(orm, (cache = new Map()));
  const at = Date.now();
  const hit = cache.get(token);
  if (hit && at - hit.at >= 0 && at - hit.at < CACHE_MS) return hit.room;
  if (cache.size >= CACHE_LIMIT) {
    for (const [key, entry] of cache) if (at - entry.at >= CACHE_MS) cache.delete(key);
  }
  const room = loadRoom(orm, token, false);
  const entry = { at, room };
  cache.set(token, entry);
  room.catch(() => {
    if (cache.get(token) === entry) cache.delete(token);
  });
  return room;
}
