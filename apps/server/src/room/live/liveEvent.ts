import { randomBytes } from "node:crypto";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { GeneralSetting } from "@cuepoint/sdk";
import { liveRuns, liveStreams, type LiveRunRow } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";
import { programMediaIds } from "../../events/program.js";

/**
 * Whether a timeline's events are broadcast live by the host: a live webinar (`eventType`
 * `live-webinar`) on Cuepoint's own platform whose timeline plays no video. A timeline with a
 * video plays it, simulated live, as before; other platforms deliver the event themselves.
 */
export const isLiveStreamed = (general: GeneralSetting): boolean =>
  (general.deliveryPlatform === "default" || general.deliveryPlatform === "aevent") &&
  general.eventType === "live-webinar" &&
  programMediaIds(general).length === 0;

/** A run whose heartbeat is older than this is taken as ended (its server died). */
export const RUN_STALE_MS = 15_000;

/** The stream's state as the console and the room show it. */
export type LiveState = "waiting" | "receiving" | "ended";

/** `waiting`: nothing published yet; `receiving`: a publish is under way; `ended`: the last one has ended. */
export function liveStateOf(latest: Pick<LiveRunRow, "endedAt" | "seenAt"> | undefined, now: number): LiveState {
  if (!latest) return "waiting";
  return latest.endedAt === null && now - latest.seenAt.getTime() < RUN_STALE_MS ? "receiving" : "ended";
}

/** A new secret stream key: 24 random bytes, URL-safe (what RTMP stream names allow). */
export const newStreamKey = (): string => randomBytes(24).toString("base64url");

/** A stream key's shape; anything else is refused before the database is asked. */
export const STREAM_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/**
 * The event's stream key, made on first use (one per event; concurrent first uses agree).
 *
 * @example
 * const key = await streamKeyOf(orm, accountId, eventId); // "3q2-…"
 */
export async function streamKeyOf(orm: Orm, accountId: string, eventId: string): Promise<string> {
  await orm.insert(liveStreams).values({ accountId, eventId, streamKey: newStreamKey() }).onConflictDoNothing();
  const [row] = await orm.select().from(liveStreams).where(and(eq(liveStreams.eventId, eventId), eq(liveStreams.accountId, accountId)));
  if (!row) throw new Error("The stream key could not be stored.");
  return row.streamKey;
}

/** A new key for the event (the old one stops working at once; a publish under way goes on). */
export async function replaceStreamKey(orm: Orm, accountId: string, eventId: string): Promise<string> {
  const streamKey = newStreamKey();
  await orm
    .insert(liveStreams)
    .values({ accountId, eventId, streamKey })
    .onConflictDoUpdate({ target: liveStreams.eventId, set: { streamKey } });
  return streamKey;
}

/** The event's runs, oldest first. */
export const eventRuns = (orm: Orm, accountId: string, eventId: string): Promise<LiveRunRow[]> =>
  orm
    .select()
    .from(liveRuns)
    .where(and(eq(liveRuns.eventId, eventId), eq(liveRuns.accountId, accountId)))
    .orderBy(asc(liveRuns.startedAt));

/** The recordings of the event's runs in order: the replay plays them one after the other. */
export async function recordingIds(orm: Orm, accountId: string, eventId: string): Promise<string[]> {
  const rows = await orm
    .select({ id: liveRuns.recordingMediaId })
    .from(liveRuns)
    .where(and(eq(liveRuns.eventId, eventId), eq(liveRuns.accountId, accountId), isNotNull(liveRuns.recordingMediaId)))
    .orderBy(asc(liveRuns.startedAt));
  return rows.map((row) => row.id).filter((id): id is string => id !== null);
}
