import type { Context, Hono } from "hono";
import ical, { ICalAlarmType } from "ical-generator";
import { roomTimingOf, roomViewAt } from "@cuepoint/sdk";
import type { AppDeps } from "../deps.js";
import { platformJoinOf, platformJoinPage } from "../delivery/joinPage.js";
import { roomFrameOrigin } from "../delivery/youtube/roomEmbed.js";
import { linkBase } from "../config/joinDomains.js";
import { brandingOf } from "../events/branding.js";
import { findRoomLink, RoomLinkError } from "../events/roomLink.js";
import { customCodeDocument, isAppleWebKit, linkErrorPage, roomShell } from "../events/pageShell.js";
import { serveRoomScripts } from "./roomScripts.js";
import { loadRoom } from "./roomState.js";
import { customCodeOf, customPartOf, eventTitleOf, type CustomPart } from "./snapshot.js";

/** Runs a page handler; a link that opens nothing answers its HTML page (never JSON, never a 500). */
const page =
  (handle: (c: Context, token: string) => Promise<Response>) =>
  async (c: Context): Promise<Response> => {
    try {
      return await handle(c, c.req.param("token") ?? "");
    } catch (error) {
      if (error instanceof RoomLinkError) return linkErrorPage(c, error);
      throw error;
    }
  };

const PARTS: readonly CustomPart[] = ["page", "waiting", "room"];

/**
 * The hosted pages of the personal links (outside /api): the shell at `/join/{token}` and
 * `/replay/{token}`, the calendar file, the sandboxed host code and the host CSS, and the scripts
 * the shell loads (`/room.js`, `/room-hls.js`). The room's API is roomApi.ts, in the route table.
 *
 * @example
 * serveRoomPages(app, deps); // before the dashboard's catch-all
 */
export function serveRoomPages(app: Hono, deps: AppDeps, roomFile?: string): void {
  const { orm } = deps.db;
  const shell = (entry: "join" | "replay") =>
    page(async (c, token) => {
      const link = await findRoomLink(orm, token);
      // An event delivered on Zoom or GoTo Webinar: its window opens the platform's personal link (delivery/).
      const platform = entry === "join" ? await platformJoinOf(orm, link, deps.config.now()) : { kind: "room" as const };
      if (platform.kind === "redirect") return c.redirect(platform.url, 302);
      if (platform.kind === "page") return platformJoinPage(c, platform);
      const branding = await brandingOf(orm, link.accountId, link.timeline.general, link.token);
      // When the room opens is the SDK's rule (it does not depend on the video's length).
      const timing = roomTimingOf({ general: link.timeline.general, startsAt: link.event.startsAt, timeZone: link.event.timeZone });
      const opensAt = roomViewAt(timing, timing.startsAt).opensAt;
      return roomShell(c, {
        token: link.token,
        entry,
        title: eventTitleOf(link),
        language: link.timeline.general.language,
        faviconUrl: branding.faviconUrl,
        preloadPlayer: deps.config.now().getTime() >= opensAt && !isAppleWebKit(c.req.header("user-agent") ?? "") && !roomFrameOrigin(link.timeline.general),
        frameOrigin: roomFrameOrigin(link.timeline.general),
      });
    });
  app.get("/join/:token", shell("join"));
  app.get("/replay/:token", shell("replay"));

  app.get(
    "/join/:token/calendar.ics",
    page(async (c, token) => {
      const room = await loadRoom(orm, token, false);
      const view = roomViewAt(room.timing, room.timing.startsAt);
      const joinUrl = `${linkBase(deps.config, room.timeline.general)}/join/${room.token}`;
      const title = eventTitleOf(room);
      const calendar = ical({ name: title, prodId: { company: "Cuepoint", product: "Event room", language: "EN" } });
      calendar.createEvent({
        id: `${room.event.id}.${room.token}@cuepoint`,
        stamp: deps.config.now(),
        start: new Date(view.startsAt),
        end: new Date(view.endsAt),
        summary: title,
        description: [room.timeline.general.description, `Join: ${joinUrl}`].filter(Boolean).join("\n\n"),
        location: joinUrl,
        url: joinUrl,
        alarms: [{ type: ICalAlarmType.display, trigger: 10 * 60 }],
      });
      c.header("Content-Disposition", 'attachment; filename="event.ics"');
      c.header("Cache-Control", "no-store");
      c.header("X-Content-Type-Options", "nosniff");
      return c.body(calendar.toString(), 200, { "Content-Type": "text/calendar; charset=utf-8" });
    }),
  );

  app.get(
    "/join/:token/custom",
    page(async (c, token) => {
      const room = await loadRoom(orm, token, false);
      const asked = c.req.query("part");
      const part = PARTS.find((p) => p === asked) ?? customPartOf(roomViewAt(room.timing, deps.config.now().getTime()).phase);
      return customCodeDocument(c, customCodeOf(room, part));
    }),
  );

  app.get(
    "/join/:token/custom.css",
    page(async (c, token) => {
      const link = await findRoomLink(orm, token);
      c.header("Cache-Control", "no-cache");
      c.header("X-Content-Type-Options", "nosniff");
      return c.body(link.timeline.general.hls.css, 200, { "Content-Type": "text/css; charset=utf-8" });
    }),
  );

  serveRoomScripts(app, roomFile);
}
