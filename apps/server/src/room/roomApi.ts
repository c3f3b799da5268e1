import * as v from "valibot";
import { RoomCtaClickRequestSchema, RoomSnapshotSchema, roomViewAt, type RoomEntry } from "@cuepoint/sdk";
import { roomActivity } from "../db/schema/index.js";
import { conflict, notFound } from "../http/errors.js";
import { defineRoute } from "../http/route.js";
import { linkBase } from "../config/joinDomains.js";
import { PUBLIC_PREFIX } from "../http/publicCors.js";
import { serveFile } from "../media/serveFile.js";
import { brandingImage, brandingOf } from "../events/branding.js";
import { hlsMediaPlaylist, hlsMaster, hlsPoster, hlsSegment } from "./hlsAnswers.js";
import { LIVE_PLAYLIST_NAME, LIVE_RENDITION, liveMediaPlaylist, liveSegment } from "./live/liveHls.js";
import { refreshLive } from "./live/liveRoom.js";
import { streamChannel } from "./channel.js";
import { countRegistrants } from "./registrantCount.js";
import { cachedRoom, loadRoom } from "./roomState.js";
import { roomSnapshot } from "./snapshot.js";

const tag = "Event room";
const ROOM = `${PUBLIC_PREFIX}/room/:token`;
const NOTE =
  "Public: the registrant's personal token (`registrants.uuid`, the link in every mail) is the only key. An " +
  "unknown or malformed token answers 404, a deleted event or trashed timeline 410, a banned registrant 403. " +
  "See apps/server/src/room/README.md.";

/** `?entry=join|replay`: which link the registrant came through (join by default). */
export const EntryQuerySchema = v.object({
  entry: v.optional(v.picklist(["join", "replay"], 'entry is "join" or "replay".'), "join"),
});
const entryOf = (query: { entry: RoomEntry }): RoomEntry => query.entry;
const tokenOf = (params: Record<string, string>) => params.token ?? "";

const snapshot = defineRoute({
  method: "GET",
  path: ROOM,
  operationId: "room.get",
  tag,
  summary: "A registrant's event room at the server's instant",
  description:
    `${NOTE} \`view\` is the SDK's \`roomViewAt(timing, serverNow, entry)\`. \`items\`: in the live phase only ` +
    "the timed actions already due (a CTA never travels before its second), all of them in the replay, none " +
    "before or after. `video` is null without a playable video (or before the waiting room and after the room).",
  access: "public",
  query: EntryQuerySchema,
  answer: { description: "The room.", schema: v.object({ success: RoomSnapshotSchema }) },
  async handle({ params, query, deps }) {
    const { orm } = deps.db;
    // The event's part is shared by every link of the event while it has channels (a crowd arriving at the start).
    const room = await refreshLive(orm, await deps.room.load(tokenOf(params)));
    const now = deps.config.now().getTime();
    const live = roomViewAt(room.timing, now, entryOf(query)).phase === "live";
    const mode = room.timeline.general.hls.audienceCount;
    const [branding, present, registrants] = await Promise.all([
      brandingOf(orm, room.accountId, room.timeline.general, room.token),
      live && mode !== "hidden" ? deps.room.present(room.event.id) : Promise.resolve(0),
      live && mode === "simulated" ? countRegistrants(orm, room) : Promise.resolve(0),
    ]);
    return {
      success: roomSnapshot({ room, entry: entryOf(query), now, branding, present, registrants, publicURL: linkBase(deps.config, room.timeline.general) }),
    };
  },
});

const channel = defineRoute({
  method: "GET",
  path: `${ROOM}/channel`,
  operationId: "room.channel",
  tag,
  summary: "The room's live channel (Server-Sent Events); being connected is being present",
  description:
    `${NOTE} Events: \`hello\` { serverNow } first; \`item\` (a RoomItem) as each comes due in the live part (and ` +
    "those due in the two minutes before the channel opened, which the widget drops when it has them); " +
    "`audience` { count } when it changes, at most every 5 s; a comment every 15 s. `entry=join` counts the " +
    "live part (open from the waiting room to the end), `entry=replay` the replay (409 when there is no replay " +
    "now). Attendance is written from this connection by the server; the browser reports nothing.",
  access: "public",
  query: EntryQuerySchema,
  answer: { description: "An event stream.", contentType: "text/event-stream" },
  async handle({ params, query, deps, c }) {
    const room = await deps.room.load(tokenOf(params));
    const now = deps.config.now().getTime();
    const view = roomViewAt(room.timing, now, entryOf(query));
    if (entryOf(query) === "replay") {
      if (view.phase !== "replay") throw conflict("There is no replay to watch now.");
      return streamChannel(c, deps.room, room, "replay");
    }
    if (now < view.opensAt) throw conflict("The event room is not open yet.");
    if (now >= view.endsAt) throw conflict("The live event is over.");
    return streamChannel(c, deps.room, room, "live");
  },
});

const cta = defineRoute({
  method: "POST",
  path: `${ROOM}/cta`,
  operationId: "room.clickCta",
  tag,
  summary: "Record a click of a call to action",
  description:
    `${NOTE} \`id\` is a CTA item of this event's live script that has come due (any of them in the replay); ` +
    "other ids answer 404. Recorded as `room_activity` cta_click.",
  access: "public",
  body: RoomCtaClickRequestSchema,
  answer: { description: "Recorded (204, no body)." },
  async handle({ params, body, deps, c }) {
    const { orm } = deps.db;
    const room = await loadRoom(orm, tokenOf(params));
    const now = deps.config.now();
    const item = room.items.find((candidate) => candidate.id === body.id && candidate.action === "cta");
    const due = item && room.timing.startsAt + item.offsetSeconds * 1000 <= now.getTime();
    const replay = roomViewAt(room.timing, now.getTime(), "replay").phase === "replay";
    if (!item || !(due || replay)) throw notFound("There is no call to action with this id in this event.");
    await orm.insert(roomActivity).values({
      accountId: room.accountId,
      eventId: room.event.id,
      registrantId: room.registrant.uuid,
      kind: "cta_click",
      nodeKey: item.id,
      at: now,
    });
    return c.body(null, 204);
  },
});

const master = defineRoute({
  method: "GET",
  path: `${ROOM}/hls/:file`,
  operationId: "room.playlist",
  tag,
  summary: "The room's HLS playlists: master.m3u8 and one media playlist per rendition",
  description:
    `${NOTE} Live (\`entry=join\`, from the start to the end): an EVENT playlist listing only the segments that ` +
    "have aired (segment i is listed once its start ≤ the position), with #EXT-X-START at the position; no " +
    "ENDLIST, no caching. Replay (`entry=replay`, in the replay phase): VOD with ENDLIST. 404 before the start, " +
    "after the room, and for a rendition the program does not have.",
  access: "public",
  query: EntryQuerySchema,
  answer: { description: "An M3U8 playlist.", contentType: "application/vnd.apple.mpegurl" },
  async handle({ params, query, deps }) {
    const room = await cachedRoom(deps.db.orm, tokenOf(params));
    const now = deps.config.now().getTime();
    const file = params.file ?? "";
    // A live-streamed event (live/): the host's stream while live; its recordings (the program) in the replay.
    if (room.live && file === LIVE_PLAYLIST_NAME) return liveMediaPlaylist(deps.media, { ...room, live: room.live }, entryOf(query), now);
    if (file === "master.m3u8") return hlsMaster(room, entryOf(query), now);
    if (!file.endsWith(".m3u8")) throw notFound("There is no such playlist.");
    return hlsMediaPlaylist(room, file.slice(0, -".m3u8".length), entryOf(query), now);
  },
});

const segment = defineRoute({
  method: "GET",
  path: `${ROOM}/hls/:rendition/:segment`,
  operationId: "room.segment",
  tag,
  summary: "One video segment of the room's program (MPEG-TS)",
  description:
    `${NOTE} 404 for a segment that has not aired yet (live), outside the live part and the replay, and for a ` +
    "segment the program does not have. Aired segments never change: cacheable.",
  access: "public",
  query: v.object({ ...EntryQuerySchema.entries, v: v.optional(v.string()), run: v.optional(v.string()) }),
  answer: { description: "The segment.", contentType: "video/mp2t" },
  async handle({ params, query, deps }) {
    const room = await cachedRoom(deps.db.orm, tokenOf(params));
    if (room.live && params.rendition === LIVE_RENDITION) {
      return liveSegment(deps.media, { ...room, live: room.live }, params.segment ?? "", query.run, entryOf(query), deps.config.now().getTime());
    }
    return hlsSegment(deps.media, room, params.rendition ?? "", params.segment ?? "", entryOf(query), deps.config.now().getTime());
  },
});

const poster = defineRoute({
  method: "GET",
  path: `${ROOM}/poster.jpg`,
  operationId: "room.poster",
  tag,
  summary: "The program's poster image",
  description: `${NOTE} From the waiting room on, while the room or its replay can be watched; 404 otherwise.`,
  access: "public",
  answer: { description: "A JPEG image.", contentType: "image/jpeg" },
  async handle({ params, deps }) {
    const room = await loadRoom(deps.db.orm, tokenOf(params), false);
    return hlsPoster(deps.media, room, deps.config.now().getTime());
  },
});

const brandingMedia = defineRoute({
  method: "GET",
  path: `${ROOM}/media/:mediaId`,
  operationId: "room.media",
  tag,
  summary: "A branding image of the room (logo, favicon, background, countdown image)",
  description:
    `${NOTE} Only an image of the event's account that the timeline's branding names (hls.logo, hls.favicon, ` +
    "hls.preBackground, countdown.image); any other id answers 404.",
  access: "public",
  answer: { description: "The image.", contentType: "image/*" },
  async handle({ params, deps, c }) {
    const room = await loadRoom(deps.db.orm, tokenOf(params), false);
    const row = await brandingImage(deps.db.orm, room.accountId, room.timeline.general, params.mediaId ?? "");
    if (!row) throw notFound("There is no such image for this event.");
    return serveFile(deps.media, row, c.req.header("range"));
  },
});

/** The event room's API (below /api/public/room/{token}); the pages are in roomRoutes.ts. */
export const roomApiRoutes = [snapshot, channel, cta, master, segment, poster, brandingMedia];
