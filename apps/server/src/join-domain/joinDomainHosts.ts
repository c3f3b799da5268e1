import type { MiddlewareHandler } from "hono";
import type { JoinDomain } from "@cuepoint/sdk";
import { errorBody } from "../http/errors.js";
import { joinDomainOfHost } from "../config/joinDomains.js";

/**
 * What a join domain serves: the public pages of a timeline (the hosted registration page and its
 * frame, the personal links' rooms), what they load (the widget's embed.js, the room's scripts)
 * and the public API they call (/api/public: the widget's registration, the room's snapshot,
 * channel, chat and video).
 */
const PUBLIC_PATHS = [/^\/register\//, /^\/join\//, /^\/replay\//, /^\/api\/public\//, /^\/(embed|room|room-hls)\.js$/];

/** Whether a join domain serves this path. @example isJoinDomainPath("/join/abc"); // true */
export const isJoinDomainPath = (path: string): boolean => PUBLIC_PATHS.some((pattern) => pattern.test(path));

/**
 * On a join domain (a request whose `Host` is one the operator listed), only the public pages and
 * the public API: the dashboard and the authenticated API stay on the server's own address, so a
 * host's session cookie is never set on, nor sent to, an address the host's visitors see. A page
 * request there goes to the same path on `PUBLIC_URL` (someone typed the join domain's root);
 * any other request is 404 saying where the API is. A request on any other host is untouched.
 *
 * @example
 * app.use(joinDomainGuard(config)); // first, before every route
 */
export function joinDomainGuard(config: { publicURL: string; joinDomains: readonly JoinDomain[] }): MiddlewareHandler {
  const own = config.publicURL.replace(/\/+$/, "");
  return async (c, next) => {
    if (config.joinDomains.length === 0 || isJoinDomainPath(c.req.path)) return next();
    const domain = joinDomainOfHost(config.joinDomains, c.req.header("host") ?? new URL(c.req.url).host);
    if (!domain) return next();
    if ((c.req.method === "GET" || c.req.method === "HEAD") && !c.req.path.startsWith("/api/")) {
      const url = new URL(c.req.url);
      return c.redirect(`${own}${url.pathname}${url.search}`, 302);
    }
    return c.json(errorBody(`${domain.domain} serves only the public event pages: the API is at ${own}/api.`), 404);
  };
}
