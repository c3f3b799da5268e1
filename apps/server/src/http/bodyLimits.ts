import type { Hono, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ServerConfig } from "../config/serverConfig.js";
import { errorBody } from "./errors.js";
import type { Route } from "./route.js";

/**
 * How large a request body each route takes (below /api, `METHOD path`), as the routes declare it
 * (`bodyLimit` in their definition):
 * - the chunk upload is not read here (`streamed`): it streams to the media store, refused up front
 *   when its `Content-Length` passes the chunk limit and cut off while streaming when a part passes
 *   its declared size (media/routes/uploadRoutes.ts, media/receiveChunk.ts), so no limit here would buffer it;
 * - the two CSV imports have their own limits (leads: 64 MiB, auto-chat: 4 MiB);
 * - every other route: `config.bodyLimitBytes` (1 MiB).
 * A body over its limit is refused with 413 before the route reads it: at once when the client
 * announces its `Content-Length`, else as soon as the streamed bytes pass the limit.
 */
export const bodyLimitsOf = (routes: readonly Route[]): Record<string, number | "streamed"> =>
  Object.fromEntries(routes.flatMap((route) => (route.bodyLimit === undefined ? [] : [[`${route.method} ${route.path}`, route.bodyLimit]])));

/** "1 KB", "512 KB", "1 MiB", "64 MiB". */
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB` : `${Math.round(bytes / 1024)} KB`;

const limit = (maxSize: number, what: string): MiddlewareHandler =>
  bodyLimit({
    maxSize,
    onError: (c) => c.json(errorBody(`${what} is too large: the limit is ${size(maxSize)}.`), 413),
  });

/** What `@hono/node-server` hands the app as `c.env` (absent in-process: `app.request`). */
interface NodeBindings {
  incoming?: { readableEnded: boolean; headers: Record<string, string | string[] | undefined> };
}

/**
 * A refused body (413, or any answer given before the body was read: a 401, a 409 on a chunk) is
 * still on its way. Node drains at most 64 MiB in 500 ms of it and then drops the connection, so an
 * answer saying `keep-alive` would be a lie the client's next call on that connection pays for.
 * Such answers say `Connection: close` instead: Node closes the connection after the answer, and the
 * client opens a new one for its next call.
 */
const closeWhenBodyLeftUnread: MiddlewareHandler = async (c, next) => {
  await next();
  const incoming = (c.env as NodeBindings | undefined)?.incoming;
  const hasBody = Boolean(incoming?.headers["transfer-encoding"]) || Number(incoming?.headers["content-length"] ?? 0) > 0;
  if (c.res.status === 413 || (hasBody && !incoming?.readableEnded)) c.res.headers.set("Connection", "close");
};

/**
 * Puts the body limits the routes declare ({@link bodyLimitsOf}) on the API sub-app mounted at `prefix`.
 *
 * @example
 * const api = new Hono();
 * applyBodyLimits(api, config, apiRoutes); // before the routes
 * app.route("/api", api);
 */
export function applyBodyLimits(api: Hono, config: ServerConfig, routes: readonly Route[], prefix = "/api"): void {
  api.use(closeWhenBodyLeftUnread);
  const general = limit(config.bodyLimitBytes, "The request body");
  const special = new Map<string, MiddlewareHandler | "streamed">(
    Object.entries(bodyLimitsOf(routes)).map(([route, bytes]) => [route, bytes === "streamed" ? bytes : limit(bytes, "The CSV file")]),
  );
  api.use(async (c, next) => {
    const path = c.req.path.startsWith(prefix) ? c.req.path.slice(prefix.length) : c.req.path;
    const handler = special.get(`${c.req.method} ${path}`) ?? general;
    return handler === "streamed" ? next() : handler(c, next);
  });
}
