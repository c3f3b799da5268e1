import { and, eq, ne } from "drizzle-orm";
import type { GeneralSetting } from "@cuepoint/sdk";
import { platformSessions } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";
import { YOUTUBE_EMBED_ORIGIN } from "./youtubeDriver.js";

/** Whether a timeline's events are broadcast on YouTube Live (the room embeds YouTube's player). */
export const isYoutubeDelivered = (general: Pick<GeneralSetting, "deliveryPlatform">): boolean => general.deliveryPlatform === "youtube";

/** The frame origin the room's page allows for a timeline (`frame-src`): YouTube's player for a YouTube timeline, else none. */
export const roomFrameOrigin = (general: Pick<GeneralSetting, "deliveryPlatform">): string | undefined =>
  isYoutubeDelivered(general) ? YOUTUBE_EMBED_ORIGIN : undefined;

/**
 * The YouTube broadcast an event's room embeds: the id of its created broadcast, or null (not a
 * YouTube timeline, not created yet, refused, or cancelled). Read by `room/roomState.ts`.
 */
export async function youtubeBroadcastOf(orm: Orm, accountId: string, eventId: string, general: Pick<GeneralSetting, "deliveryPlatform">): Promise<string | null> {
  if (!isYoutubeDelivered(general)) return null;
  const [session] = await orm
    .select({ remoteId: platformSessions.remoteId })
    .from(platformSessions)
    .where(
      and(
        eq(platformSessions.accountId, accountId),
        eq(platformSessions.eventId, eventId),
        eq(platformSessions.platform, "youtube"),
        ne(platformSessions.remoteId, ""),
        ne(platformSessions.status, "cancelled"),
      ),
    );
  return session?.remoteId ?? null;
}
