import { cors } from "hono/cors";

/** Where the widget's endpoints live, below /api. Only these answer other sites' pages. */
export const PUBLIC_PREFIX = "/public";

/**
 * CORS for the registration widget's endpoints (`/api/public/*`) and for nothing else: the
 * widget runs on the host's own pages (any site), so the request's `Origin` is echoed and
 * preflights are answered. No credentials are allowed — these endpoints read no cookie or token —
 * so echoing any origin exposes nothing. `Retry-After` is readable so the widget can say when to
 * try again after a 429. Which sites may actually register is the timeline's whitelist, checked
 * by the routes themselves. Every other route sends no CORS header at all, so browsers keep other
 * sites' pages away from the authenticated API.
 *
 * @example
 * api.use(`${PUBLIC_PREFIX}/*`, publicCors());
 */
export const publicCors = () =>
  cors({
    origin: (origin) => origin || null,
    allowMethods: ["GET", "POST"],
    exposeHeaders: ["Retry-After"],
    maxAge: 600,
  });
