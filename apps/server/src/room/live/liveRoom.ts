import { and, desc, eq } from "drizzle-orm";
import type { GeneralSetting } from "@cuepoint/sdk";
import { liveRuns, type LiveRunRow } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";
import { loadProgramOf, type Program } from "../../events/program.js";
import { isLiveStreamed, recordingIds } from "./liveEvent.js";

/** What the room of a live-streamed event knows of its stream at one moment. */
export interface LiveRoom {
  /** The latest publish (the one the live playlist serves), or null before the first; its state is {@link liveStateOf}. */
  run: Pick<LiveRunRow, "id" | "hlsKey" | "seenAt" | "endedAt"> | null;
  /** The event's recordings played one after the other (the replay), once encoded; null before. */
  recording: Program | null;
}

/**
 * The live side of an event's room, or null when its timeline is not broadcast live
 * ({@link isLiveStreamed}). Read by `room/roomState.ts` for every room answer.
 */
export async function liveRoomOf(orm: Orm, accountId: string, eventId: string, general: GeneralSetting): Promise<LiveRoom | null> {
  if (!isLiveStreamed(general)) return null;
  const [[latest], ids] = await Promise.all([
    orm
      .select()
      .from(liveRuns)
      .where(and(eq(liveRuns.eventId, eventId), eq(liveRuns.accountId, accountId)))
      .orderBy(desc(liveRuns.startedAt))
      .limit(1),
    recordingIds(orm, accountId, eventId),
  ]);
  return {
    run: latest ? { id: latest.id, hlsKey: latest.hlsKey, seenAt: latest.seenAt, endedAt: latest.endedAt } : null,
    recording: await loadProgramOf(orm, accountId, ids),
  };
}

/**
 * The room with its live side read again now: the snapshot route takes a room the hub shares per
 * event for up to 30 s, while the stream's state must reach the widget within its 5 s look.
 */
export async function refreshLive<T extends { accountId: string; event: { id: string }; timeline: { general: GeneralSetting }; live: LiveRoom | null; program: Program | null }>(
  orm: Orm,
  room: T,
): Promise<T> {
  if (!room.live) return room;
  const live = await liveRoomOf(orm, room.accountId, room.event.id, room.timeline.general);
  return live ? { ...room, live, program: live.recording } : room;
}
