import { and, eq, ne } from "drizzle-orm";
import type { Hono } from "hono";
import { timelines } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { findUserByEmail } from "../users/users.js";
import { DEMO_EMAIL } from "./seedDemo.js";
import { DEMO_ROOM_EVERY_MINUTES, DEMO_ROOM_TIMELINE } from "./seedDemoRoom.js";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** The demo page's policy: its own scripts only (embed.js), nothing framed, no inline script. */
const DEMO_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

function page(status: 200 | 404, body: string): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>Cuepoint event room demo</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}</style>
</head><body><main>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": DEMO_PAGE_CSP,
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
    },
  });
}

/**
 * `GET /demo` of `pnpm start`: a plain registration page for the event room's demo timeline
 * (seedDemoRoom.ts), made of the registration code the dashboard gives hosts (`/embed.js` and its
 * element), so a newcomer registers for the next session and follows "Your link to join" into the
 * room within 15 minutes. 404 (a page) when the demo account or its room timeline is gone.
 *
 * @example
 * const app = createApp({ db });
 * serveDemoPage(app, db.orm); // index.ts, with --seed-demo
 */
export function serveDemoPage(app: Hono, orm: Orm): void {
  app.get("/demo", async () => {
    const user = await findUserByEmail(orm, DEMO_EMAIL);
    const [timeline] = user
      ? await orm
          .select({ id: timelines.id })
          .from(timelines)
          .where(and(eq(timelines.accountId, user.accountId), eq(timelines.name, DEMO_ROOM_TIMELINE), ne(timelines.status, "trash")))
          .limit(1)
      : [];
    if (!timeline) {
      return page(404, "<h1>No demo here</h1><p>The demo account or its event room timeline has been removed.</p>");
    }
    return page(
      200,
      `<h1>Cuepoint event room demo</h1>
<p>A three-minute recorded session starts every ${DEMO_ROOM_EVERY_MINUTES} minutes, played for everyone at the same moment, with
auto-chat messages and an offer at their seconds. Register for the next session, then follow <strong>Your link to join</strong>:
it shows a countdown, opens the waiting room, and turns into the room at the start by itself. Keep the link: it shows
the replay for two days after the session. (The demo account has no mail integration, so no confirmation mail is sent.)</p>
<script async src="/embed.js"></script>
<div data-cuepoint-registration="${escapeHtml(timeline.id)}"></div>`,
    );
  });
}
