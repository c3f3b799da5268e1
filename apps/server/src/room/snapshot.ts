import { audienceCountAt, chatModeOf, googleCalendarUrl, itemsDueAt, roomViewAt, type RoomEntry, type RoomItem, type RoomPhase, type RoomSnapshot } from "@cuepoint/sdk";
import { youtubeEmbedUrl } from "../delivery/youtube/youtubeDriver.js";
import { liveVideoOf } from "./live/liveHls.js";
import type { Branding } from "../events/branding.js";
import type { RoomState } from "./roomState.js";

/** The paths of one link's room: the API below /api/public/room/{token}, the pages below /join/{token}. */
export const roomPaths = (token: string) => {
  const api = `/api/public/room/${token}`;
  return {
    api,
    channel: `${api}/channel`,
    master: `${api}/hls/master.m3u8`,
    poster: `${api}/poster.jpg`,
    ics: `/join/${token}/calendar.ics`,
    custom: `/join/${token}/custom`,
    css: `/join/${token}/custom.css`,
  };
};

/** Which host code a phase's frame runs: the waiting room's, the room's, or only the pixel. */
export type CustomPart = "page" | "waiting" | "room";
export const customPartOf = (phase: RoomPhase): CustomPart =>
  phase === "waiting" ? "waiting" : phase === "live" || phase === "replay" ? "room" : "page";

/** The host code of a part: the room's or the waiting room's code, then the page's pixel. */
export function customCodeOf(room: Pick<RoomState, "timeline">, part: CustomPart): string {
  const { hls } = room.timeline.general;
  const { pixel } = room.timeline.page;
  const code = part === "room" ? hls.code : part === "waiting" ? hls.waiting_code : "";
  return [code, pixel.enabled ? pixel.code : ""].filter((piece) => piece.trim() !== "").join("\n");
}

/** The event's title: the event's name, else the timeline's. */
export const eventTitleOf = (room: Pick<RoomState, "event" | "timeline">): string => room.event.name || room.timeline.name || "Webinar";

/** The items a phase shows: live, those due; replay, all (the event has aired); before and after: none. */
export function itemsShown(room: Pick<RoomState, "items">, phase: RoomPhase, positionSeconds: number): RoomItem[] {
  if (phase === "live") return itemsDueAt(room.items, positionSeconds);
  return phase === "replay" ? [...room.items] : [];
}

export interface SnapshotInput {
  room: RoomState;
  entry: RoomEntry;
  now: number;
  branding: Branding;
  /** People in the room now (all instances). */
  present: number;
  /** Registrants of the event (the simulated audience is a share of them). */
  registrants: number;
  /** Where the timeline's links start: its join domain, else PUBLIC_URL (the calendar entry's link). */
  publicURL: string;
}

/**
 * `GET /api/public/room/{token}`: the registrant's room at `now` (ROOM-CONTRACT.md). Nothing the
 * registrant may not see yet travels: a live room carries only the items already due, the
 * registrant only their own name and zone.
 */
export function roomSnapshot(input: SnapshotInput): RoomSnapshot {
  const { room, entry, now } = input;
  const { general } = room.timeline;
  const view = roomViewAt(room.timing, now, entry);
  const paths = roomPaths(room.token);
  const replay = view.phase === "replay" ? "?entry=replay" : "";
  const items = itemsShown(room, view.phase, view.positionSeconds);
  const title = eventTitleOf(room);
  const subject = [...items].reverse().find((item) => item.action === "changesubject")?.subject ?? title;
  const shows = view.phase === "waiting" || view.phase === "live" || view.phase === "replay";
  const part = customPartOf(view.phase);
  const chatItems = room.items.some((item) => item.action === "livechat");
  return {
    token: room.token,
    entry,
    serverNow: now,
    platform: room.platform,
    timing: room.timing,
    view,
    event: {
      title,
      subject,
      startsAt: room.event.startsAt.toISOString(),
      timeZone: room.event.timeZone,
      description: general.description,
      presenters: general.presenters,
    },
    registrant: { name: room.registrant.name, timeZone: room.registrant.timeZone || room.event.timeZone },
    branding: input.branding,
    display: {
      countdown: { enabled: general.countdown.enabled, duration: general.countdown.duration },
      timeCounter: { enabled: general.timeCounter.enabled, direction: general.timeCounter.direction },
      pip: { enabled: general.hls.pip.enabled, seconds: general.hls.pip.seconds },
      muteAll: general.muteAll,
      audience: general.hls.audienceCount,
      chat: {
        enabled: room.platform === "aevent" && (general.hls.livechat.enabled || chatItems),
        timestamps: general.hls.livechat.isTimestamp,
        mode: chatModeOf(general.hls.livechat.type),
        canned: room.platform === "aevent" ? general.hls.canned : [],
      },
    },
    // A YouTube Live event plays YouTube's player (live, then the broadcast's recording), nothing of ours.
    embed: room.youtubeBroadcast && (view.phase === "live" || view.phase === "replay") ? { provider: "youtube", url: youtubeEmbedUrl(room.youtubeBroadcast) } : null,
    video: room.youtubeBroadcast
      ? null
      : room.live && (view.phase === "waiting" || view.phase === "live")
        ? liveVideoOf(room.live, paths.api, now)
        : room.program && shows
        ? {
            playlistUrl: `${paths.master}${replay}`,
            posterUrl: room.program.poster ? paths.poster : null,
            durationSeconds: room.program.durationSeconds,
            hlsScriptUrl: "/room-hls.js",
          }
        : null,
    items,
    audience:
      view.phase === "live"
        ? audienceCountAt(general.hls, {
            positionSeconds: view.positionSeconds,
            liveSeconds: room.timing.liveSeconds,
            registrants: input.registrants,
            present: input.present,
          })
        : null,
    calendar: {
      icsUrl: paths.ics,
      googleUrl: googleCalendarUrl({
        title,
        startsAt: view.startsAt,
        endsAt: view.endsAt,
        details: general.description || undefined,
        location: `${input.publicURL.replace(/\/+$/, "")}/join/${room.token}`,
      }),
    },
    channelUrl: `${paths.channel}${replay}`,
    customCodeUrl: customCodeOf(room, part) ? `${paths.custom}?part=${part}` : null,
    customCssUrl: general.hls.css.trim() ? paths.css : null,
  };
}
