/**
 * Reads one cookie of `document.cookie`.
 *
 * @example
 * readCookie("XSRF-TOKEN"); // the XSRF value, or undefined
 */
export function readCookie(name: string): string | undefined {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/**
 * Writes a cookie for `days` days on path `/` (same-site lax); `days: 0` deletes it.
 *
 * @example
 * writeCookie("nuxt-color-mode", "dark", 365);
 */
export function writeCookie(name: string, value: string, days: number): void {
  const secure = location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${Math.round(days * 86_400)}; path=/; samesite=lax${secure}`;
}
