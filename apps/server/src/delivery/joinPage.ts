import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { roomTimingOf, roomViewAt } from "@cuepoint/sdk";
import { platformRegistrants, platformSessions } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import type { RoomLink } from "../events/roomLink.js";
import { escapeHtml } from "../events/pageShell.js";

const PLATFORMS = { zoom: "Zoom", gotowebinar: "GoTo Webinar" } as const;
const isPlatform = (value: string): value is keyof typeof PLATFORMS => value in PLATFORMS;

/** What a personal link of a platform-delivered event answers at an instant. */
export type PlatformJoin =
  /** Not delivered on a platform, or not in the event's window: the usual room pages. */
  | { kind: "room" }
  /** In the window with a personal link from the platform: go there. */
  | { kind: "redirect"; url: string }
  /** In the window without one: a page saying what to do (`retry`: reload soon, it is on its way). */
  | { kind: "page"; title: string; message: string; retry: boolean };

/**
 * Where a registrant's Cuepoint link goes for an event delivered on Zoom or GoTo Webinar: to the
 * personal join URL the platform gave them from the moment the room would open (`joinStart` before
 * the start) until the event's end; before, the usual confirmation and countdown; after, the usual
 * replay or ended page. Without a personal URL in the window it never answers a dead link: a page
 * says why and what to do.
 */
export async function platformJoinOf(orm: Orm, link: RoomLink, now: Date): Promise<PlatformJoin> {
  const platform = link.timeline.general.deliveryPlatform;
  if (!isPlatform(platform)) return { kind: "room" };
  const view = roomViewAt(roomTimingOf({ general: link.timeline.general, startsAt: link.event.startsAt, timeZone: link.event.timeZone }), now.getTime());
  if (view.phase !== "waiting" && view.phase !== "live") return { kind: "room" };
  const label = PLATFORMS[platform];
  const [session] = await orm
    .select({ status: platformSessions.status })
    .from(platformSessions)
    .where(and(eq(platformSessions.accountId, link.accountId), eq(platformSessions.eventId, link.event.id)));
  const [mine] = await orm
    .select()
    .from(platformRegistrants)
    .where(and(eq(platformRegistrants.accountId, link.accountId), eq(platformRegistrants.registrantId, link.registrant.uuid), eq(platformRegistrants.eventId, link.event.id)));
  if (mine?.status === "registered" && /^https:\/\//i.test(mine.joinUrl)) return { kind: "redirect", url: mine.joinUrl };
  const toldOrganizer = "The organizer has been told. Reply to your confirmation email to ask for your link, or try this page again later.";
  if (session?.status === "refused" || mine?.status === "refused") {
    return { kind: "page", title: `Your place on ${label} could not be reserved`, message: `This event runs on ${label}, and ${label} did not accept the registration. ${toldOrganizer}`, retry: false };
  }
  return {
    kind: "page",
    title: `Your ${label} link is on its way`,
    message: `This event runs on ${label}. Your personal link is being prepared: this page opens it as soon as it is ready. ${toldOrganizer}`,
    retry: true,
  };
}

/** The page of a `PlatformJoin` without a link: no script; a refresh every 30 s while one is on its way. */
export function platformJoinPage(c: Context, page: Extract<PlatformJoin, { kind: "page" }>): Response {
  c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'");
  c.header("Referrer-Policy", "no-referrer");
  c.header("Cache-Control", "no-store");
  const title = escapeHtml(page.title);
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">` +
      `<meta name="robots" content="noindex">${page.retry ? `<meta http-equiv="refresh" content="30">` : ""}<title>${title}</title>` +
      `<style>body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif}main{max-width:36rem;margin:0 auto;padding:3rem 1.25rem}` +
      `h1{font-size:1.5rem;line-height:1.3;margin:0 0 .75rem}</style></head>` +
      `<body><main><h1>${title}</h1><p>${escapeHtml(page.message)}</p></main></body></html>`,
  );
}
