/**
 * The host a browser request comes from: the `Origin` header, else the `Referer` (browsers send
 * one of them with a cross-site form post or fetch). `null` origins (sandboxed frames, files) and
 * anything unreadable give no host.
 */
export function requestHost(headers: { origin?: string | undefined; referer?: string | undefined }): string | null {
  for (const value of [headers.origin, headers.referer]) {
    if (!value || value === "null") continue;
    try {
      const host = new URL(value).hostname.toLowerCase().replace(/\.$/, "");
      if (host) return host;
    } catch {
      // not a URL: try the next header
    }
  }
  return null;
}

/**
 * True when `host` is one of the whitelisted bare domains or a subdomain of one: `example.com`
 * lets in `example.com`, `www.example.com` and `events.eu.example.com`, not `badexample.com`.
 * Ports and schemes do not matter. No host (no Origin or Referer) is never on the list.
 *
 * @example
 * isWhitelisted("www.example.com", ["example.com"]); // true
 */
export function isWhitelisted(host: string | null, domains: readonly string[]): boolean {
  if (!host) return false;
  return domains.some((domain) => {
    const bare = domain.trim().toLowerCase().replace(/\.$/, "");
    return bare !== "" && (host === bare || host.endsWith(`.${bare}`));
  });
}

export const NOT_WHITELISTED = "Origin domain is not on this timeline's whitelist";
