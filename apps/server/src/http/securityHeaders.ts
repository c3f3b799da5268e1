import type { MiddlewareHandler } from "hono";

/**
 * The dashboard's Content-Security-Policy. Scripts and styles come from the dashboard's own files
 * only: the build inlines nothing (index.html loads its colour-mode script and boot styles as
 * files), React and floating-ui set styles through the CSSOM (not covered by `style-src`), and the
 * widgets adopt constructed stylesheets. `data:` images for the empty favicon; `blob:` for local
 * previews. No page may frame the dashboard (clickjacking).
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** What every dashboard file is served with (index.html, its assets, version.json). */
export const DASHBOARD_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": DASHBOARD_CSP,
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-content-type-options": "nosniff",
};

/**
 * API answers are data, never a page: a JSON or file answer opened in a tab runs nothing and cannot
 * be framed, its type is not sniffed, and no address leaks through a Referer. A route that sets one
 * of these itself (a media file's type options) keeps its own.
 */
const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
};

/**
 * Adds {@link API_SECURITY_HEADERS} to every answer of the API sub-app.
 *
 * @example
 * api.use(apiSecurityHeaders);
 */
export const apiSecurityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
    if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  }
};
