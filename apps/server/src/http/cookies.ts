import { createHash, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { CookieOptions } from "hono/utils/cookie";
import { REMEMBER_ME_COOKIE_DAYS, TOKEN_COOKIE_DAYS, XSRF_COOKIE, XSRF_HEADER } from "@cuepoint/sdk";
import type { ServerConfig } from "../config/serverConfig.js";
import { forbidden } from "./errors.js";
import { PERSONAL_TOKEN_PREFIX, SESSION_TOKEN_PREFIX } from "../auth/tokens.js";

/**
 * Cookie sessions for the dashboard. A password login sets two cookies beside the token it
 * answers:
 * - {@link SESSION_COOKIE}: the session token, `HttpOnly` (no script can read it), `SameSite=Lax`,
 *   `Secure` when `PUBLIC_URL` is https, for as long as the session (1 day, 30 with remember-me);
 * - `XSRF-TOKEN` (the SDK's `XSRF_COOKIE`): readable by scripts, so the SDK echoes it in the
 *   `X-XSRF-TOKEN` header. Its value is a hash of the session token, so it cannot be guessed, and
 *   the server checks the header against the session itself: a cookie planted by a sibling site
 *   does not help a forger.
 *
 * A call that carries no `Authorization` header is authenticated by the session cookie, and then
 * every method other than GET, HEAD and OPTIONS must echo the XSRF value (403 before anything
 * else runs). Bearer calls need no XSRF header: another site's page cannot set `Authorization`.
 */
export const SESSION_COOKIE = "cuepoint_session";

const DAY_SECONDS = 24 * 60 * 60;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The XSRF value that belongs to a session token. */
export const xsrfTokenFor = (sessionToken: string): string =>
  createHash("sha256").update(`xsrf:${sessionToken}`).digest("base64url");

const options = (config: ServerConfig, httpOnly: boolean, maxAge?: number): CookieOptions => ({
  path: "/",
  httpOnly,
  sameSite: "Lax",
  secure: config.publicURL.startsWith("https:"),
  ...(maxAge !== undefined && { maxAge }),
});

/**
 * Sets the session and XSRF cookies of a new session on the answer.
 *
 * @example
 * const token = await createSession(orm, user, remember, now);
 * setSessionCookies(c, token, remember, deps.config);
 */
export function setSessionCookies(c: Context, token: string, remember: boolean, config: ServerConfig): void {
  const maxAge = (remember ? REMEMBER_ME_COOKIE_DAYS : TOKEN_COOKIE_DAYS) * DAY_SECONDS;
  setCookie(c, SESSION_COOKIE, token, options(config, true, maxAge));
  setCookie(c, XSRF_COOKIE, xsrfTokenFor(token), options(config, false, maxAge));
}

/** Expires both cookies (logout, or a cookie whose session has ended). */
export function clearSessionCookies(c: Context, config: ServerConfig): void {
  deleteCookie(c, SESSION_COOKIE, options(config, true));
  deleteCookie(c, XSRF_COOKIE, options(config, false));
}

/** How a call presents its credential. */
export interface Credential {
  /** The token, as an `Authorization` header value for `authenticate`. */
  header: string;
  from: "header" | "cookie";
  token?: string;
}

/**
 * The call's credential: its `Authorization` header when it has one (which wins), else the
 * session cookie: a session token, or the personal access token an invoker's `cookieOnly` login
 * put there (with that token's scopes only).
 */
export function requestCredential(c: Context): Credential | undefined {
  const header = c.req.header("authorization");
  if (header) return { header, from: "header" };
  const token = getCookie(c, SESSION_COOKIE);
  if (!token || ![SESSION_TOKEN_PREFIX, PERSONAL_TOKEN_PREFIX].some((prefix) => token.startsWith(prefix))) return undefined;
  return { header: `Bearer ${token}`, from: "cookie", token };
}

const sameText = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Throws 403 when a call authenticated by the session cookie changes something (any method but
 * GET, HEAD, OPTIONS) without the `X-XSRF-TOKEN` header matching its session.
 */
export function checkXsrf(c: Context, credential: Credential): void {
  if (credential.from !== "cookie" || !credential.token || SAFE_METHODS.has(c.req.method)) return;
  const sent = c.req.header(XSRF_HEADER);
  if (sent && sameText(sent, xsrfTokenFor(credential.token))) return;
  throw forbidden(
    `This call is authenticated by the session cookie, so it needs the ${XSRF_HEADER} header with the value ` +
      `of the ${XSRF_COOKIE} cookie (or an Authorization: Bearer token instead). Nothing was changed.`,
  );
}
