import { REMEMBER_ME_COOKIE_DAYS, TOKEN_COOKIE_DAYS } from "@cuepoint/sdk";
import { readCookie, writeCookie } from "../lib/cookies.js";

/** The cookie that holds the session's bearer token. */
export const TOKEN_COOKIE = "cuepoint_token";

/** The stored session token, if any. @example if (readToken()) … */
export const readToken = (): string | undefined => readCookie(TOKEN_COOKIE);

/**
 * Stores the token for 1 day, or 30 days with remember-me (spec §4, §9).
 *
 * @example
 * storeToken(user.api_token, { remember: true });
 */
export function storeToken(token: string, { remember = false } = {}): void {
  writeCookie(TOKEN_COOKIE, token, remember ? REMEMBER_ME_COOKIE_DAYS : TOKEN_COOKIE_DAYS);
}

/** Deletes the token cookie. @example clearToken(); */
export const clearToken = (): void => writeCookie(TOKEN_COOKIE, "", 0);
