import type { Orm } from "../../db/types.js";
import type { RoomBus } from "../bus/roomBus.js";
import type { RoomChatViews } from "../liveChat.js";
import type { RoomState } from "../roomState.js";
import { RECONNECT_GRACE_MS } from "./presence.js";

export interface RoomHubOptions {
  orm: Orm;
  now: () => Date;
  /** Where room signals come from (default: in-process only, one instance). */
  bus?: RoomBus;
  /** The chat's views and backlog (default: the chat's own, room/chat/visibility.ts). */
  chat?: RoomChatViews;
  /**
   * Who is in the room here is written for the other instances every this many ms (the beat; and
   * within `soonMs` of an arrival or a leave); a hub not heard from for three beats is gone.
   */
  flushMs?: number;
  /**
   * A present attendee's attendance is written every this many ms (default 30 s), spread over the
   * beats; arrivals and leaves within `soonMs`, and everything on stop.
   */
  attendanceMs?: number;
  /** How often each event's timer looks for items come due, ms. */
  tickMs?: number;
  /** At most one audience update per this many ms. */
  audienceMs?: number;
  /** At most one presence update to the consoles per this many ms. */
  presenceMs?: number;
  /** A comment on every stream this often, so proxies keep it open. */
  heartbeatMs?: number;
  /** The event's script and settings are read again this often (the host may edit them). */
  refreshMs?: number;
  /** A channel reopened within this many ms is a reconnect, not a leave. */
  graceMs?: number;
  /** Arrivals and leaves are written within this many ms, in one write (default 250). */
  soonMs?: number;
}

/** The hub's database, clock and cadence, every default filled in: what each part of the hub reads. */
export interface HubSettings {
  orm: Orm;
  /** The hub's clock, ms (`options.now`: tests set it). */
  now: () => number;
  flushMs: number;
  attendanceMs: number;
  tickMs: number;
  audienceMs: number;
  presenceMs: number;
  heartbeatMs: number;
  refreshMs: number;
  graceMs: number;
  soonMs: number;
}

export function hubSettingsOf(options: RoomHubOptions): HubSettings {
  const flushMs = options.flushMs ?? 5000;
  return {
    orm: options.orm,
    now: () => options.now().getTime(),
    flushMs,
    attendanceMs: Math.max(options.attendanceMs ?? 30_000, flushMs),
    tickMs: options.tickMs ?? 1000,
    audienceMs: options.audienceMs ?? 5000,
    presenceMs: options.presenceMs ?? 2000,
    heartbeatMs: options.heartbeatMs ?? 15_000,
    refreshMs: options.refreshMs ?? 30_000,
    graceMs: options.graceMs ?? RECONNECT_GRACE_MS,
    soonMs: options.soonMs ?? 250,
  };
}

/** The live position at an instant, seconds: 0 until the start, the live part's length from its end on. */
export const positionAt = (room: { timing: RoomState["timing"] }, at: number): number =>
  Math.min(Math.max((at - room.timing.startsAt) / 1000, 0), room.timing.liveSeconds);
