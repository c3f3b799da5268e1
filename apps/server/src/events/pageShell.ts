import type { Context } from "hono";
import type { RoomLinkError } from "./roomLink.js";

/** `text` safe inside HTML text and double-quoted attributes. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] as string);

/**
 * The hosted pages' policy: only our own scripts (room.js, room-hls.js), styles of our own and
 * inline (the widget sets positions), images from anywhere on https (host logos), video from our
 * own playlists and hls.js's blob URLs, frames of our own origin only (the sandboxed host code), no
 * framing by other sites.
 */
export const SHELL_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; " +
  "media-src 'self' blob:; worker-src blob:; frame-src 'self'; connect-src 'self'; frame-ancestors 'self'; " +
  "base-uri 'none'; form-action 'self'";

/**
 * The shell's policy with one more frame origin allowed: a YouTube Live event's room embeds
 * YouTube's player (`https://www.youtube-nocookie.com`), and nothing else is let in.
 */
export const shellCsp = (frameOrigin?: string): string =>
  frameOrigin ? SHELL_CSP.replace("frame-src 'self';", `frame-src 'self' ${frameOrigin};`) : SHELL_CSP;

/** A page with nothing to run: no script at all. */
const STATIC_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; frame-ancestors 'self'; base-uri 'none'";

/**
 * The host's own code (`hls.code`, `hls.waiting_code`, the page's pixel) runs in a sandbox without
 * `allow-same-origin`: the document gets an opaque origin, so it can read no cookie, no storage and
 * nothing of the page around it, and its requests to this server are cross-site (the session
 * cookie is SameSite=Lax, HttpOnly, and cookie calls also need the XSRF header).
 */
export const CUSTOM_CODE_CSP = "sandbox allow-scripts allow-popups allow-forms";

function securityHeaders(c: Context, csp: string): void {
  c.header("Content-Security-Policy", csp);
  c.header("Referrer-Policy", "no-referrer");
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Cache-Control", "no-store");
}

const STYLE =
  "body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif}" +
  "main{max-width:36rem;margin:0 auto;padding:3rem 1.25rem}h1{font-size:1.5rem;line-height:1.3;margin:0 0 .75rem}";

/** The page of a link that opens nothing (unknown, banned, gone): its status, a title and what to do. */
export function linkErrorPage(c: Context, error: RoomLinkError): Response {
  securityHeaders(c, STATIC_CSP);
  const title = escapeHtml(error.title);
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">` +
      `<meta name="robots" content="noindex"><title>${title}</title><style>${STYLE}</style></head>` +
      `<body><main><h1>${title}</h1><p>${escapeHtml(error.message)}</p></main></body></html>`,
    error.status,
  );
}

export interface ShellInput {
  token: string;
  entry: "join" | "replay";
  title: string;
  language: string;
  faviconUrl: string | null;
  /**
   * Start fetching hls.js with the page (a `preload` hint): the room is open or about to be, and
   * the browser is not Apple's, whose native player the widget uses instead. Without it hls.js was
   * requested only after room.js and the snapshot were in, the largest wait before the first frame.
   */
  preloadPlayer?: boolean;
  /** An origin the room frames besides its own (`shellCsp`): YouTube's player for a YouTube Live event. */
  frameOrigin?: string;
}

/**
 * Whether the browser is Apple's WebKit (Safari on a Mac, every browser on iOS/iPadOS), where the
 * room plays HLS natively and needs no hls.js. A hint only: the widget decides by what it can play.
 */
export const isAppleWebKit = (userAgent: string): boolean =>
  /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && /Safari\//.test(userAgent) && !/Chrome|Chromium|Edg|Firefox/.test(userAgent));

/**
 * The thin page at a personal link: the room widget (`/room.js`) does the rest from the room API.
 *
 * @example
 * roomShell(c, { token, entry: "join", title: "Launch webinar", language: "en", faviconUrl: null });
 */
export function roomShell(c: Context, input: ShellInput): Response {
  securityHeaders(c, shellCsp(input.frameOrigin));
  const icon = input.faviconUrl ? `<link rel="icon" href="${escapeHtml(input.faviconUrl)}">` : "";
  return c.html(
    `<!doctype html><html lang="${escapeHtml(input.language || "en")}"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">` +
      `<meta name="robots" content="noindex"><title>${escapeHtml(input.title)}</title>${icon}` +
      `<style>body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',sans-serif}</style>` +
      `<script src="/room.js" defer></script>` +
      (input.preloadPlayer ? `<link rel="preload" href="/room-hls.js" as="script">` : "") +
      `</head><body>` +
      `<noscript><main style="max-width:36rem;margin:0 auto;padding:3rem 1.25rem"><h1>${escapeHtml(input.title)}</h1>` +
      `<p>This event page needs JavaScript. Turn it on in your browser's settings, then reload the page.</p></main></noscript>` +
      `<div id="cuepoint-room" data-token="${escapeHtml(input.token)}" data-entry="${input.entry}" data-page-title></div>` +
      `</body></html>`,
  );
}

/** The host's code in a document of its own, served with {@link CUSTOM_CODE_CSP}. */
export function customCodeDocument(c: Context, code: string): Response {
  c.header("Content-Security-Policy", CUSTOM_CODE_CSP);
  c.header("Referrer-Policy", "no-referrer");
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Cache-Control", "no-store");
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark">` +
      `<meta name="robots" content="noindex"><title>Organizer content</title></head><body>${code}</body></html>`,
  );
}
