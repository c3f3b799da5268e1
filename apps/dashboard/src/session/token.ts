import { XSRF_COOKIE } from "@cuepoint/sdk";
import { readCookie, writeCookie } from "../lib/cookies.js";

/*
 * The dashboard holds no credential a script can read. The server keeps the session token in its
 * HttpOnly cookie (`cuepoint_session`) beside the readable `XSRF-TOKEN` cookie, set and expired
 * together; the SDK client echoes the XSRF value on every call. So the XSRF cookie tells whether a
 * session cookie is there, and is worthless without it (it is a hash of the token).
 */

/** The cookie older builds kept the bearer token in: removed wherever it is still found. */
const LEGACY_TOKEN_COOKIE = "cuepoint_token";

/** True while the browser holds a session cookie (it may still fail validation). @example if (hasSession()) … */
export const hasSession = (): boolean => Boolean(readCookie(XSRF_COOKIE));

/**
 * Forgets the session locally: the XSRF cookie, and the token cookie of older builds. The HttpOnly
 * session cookie is the server's to expire (logout, or any 401 of a cookie call).
 *
 * @example
 * forgetSession();
 */
export function forgetSession(): void {
  writeCookie(XSRF_COOKIE, "", 0);
  if (readCookie(LEGACY_TOKEN_COOKIE) !== undefined) writeCookie(LEGACY_TOKEN_COOKIE, "", 0);
}
