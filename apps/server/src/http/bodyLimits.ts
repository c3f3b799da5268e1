import type { Hono, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ServerConfig } from "../config/serverConfig.js";
import { LEADS_IMPORT_BODY_LIMIT_BYTES, LEADS_IMPORT_PATH } from "../leads/importLimit.js";
import { CHUNK_PATH } from "../media/routes/uploadRoutes.js";
import { errorBody } from "./errors.js";

/**
 * The auto-chat CSV's limit: 5,000 messages (timelines/autoChatCsv.ts) of a name, a message of a
 * few hundred characters and a time fit in 4 MiB; the general 1 MiB would stop long files short.
 */
export const CHAT_CSV_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
export const CHAT_CSV_PATH = "/webinartimelineevent/autocsv";

/**
 * How large a request body each class of route takes (below /api, `METHOD path`):
 * - the chunk upload is not read here: it streams to the media store, refused up front when its
 *   `Content-Length` passes the chunk limit and cut off while streaming when a part passes its
 *   declared size (routes/upload.ts, media/receiveChunk.ts), so no limit here would buffer it;
 * - the two CSV imports have their own limits (leads: 64 MiB, auto-chat: 4 MiB);
 * - every other route: `config.bodyLimitBytes` (1 MiB).
 * A body over its limit is refused with 413 before the route reads it: at once when the client
 * announces its `Content-Length`, else as soon as the streamed bytes pass the limit.
 */
export const BODY_LIMITS: Record<string, number | "streamed"> = {
  [`POST ${CHUNK_PATH}`]: "streamed",
  [`POST ${LEADS_IMPORT_PATH}`]: LEADS_IMPORT_BODY_LIMIT_BYTES,
  [`POST ${CHAT_CSV_PATH}`]: CHAT_CSV_BODY_LIMIT_BYTES,
};

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
 * Puts the body limits of {@link BODY_LIMITS} on the API sub-app mounted at `prefix`.
 *
 * @example
 * const api = new Hono();
 * applyBodyLimits(api, config); // before the routes
 * app.route("/api", api);
 */
export function applyBodyLimits(api: Hono, config: ServerConfig, prefix = "/api"): void {
  api.use(closeWhenBodyLeftUnread);
  const general = limit(config.bodyLimitBytes, "The request body");
  const special = new Map<string, MiddlewareHandler | "streamed">(
    Object.entries(BODY_LIMITS).map(([route, bytes]) => [route, bytes === "streamed" ? bytes : limit(bytes, "The CSV file")]),
  );
  api.use(async (c, next) => {
    const path = c.req.path.startsWith(prefix) ? c.req.path.slice(prefix.length) : c.req.path;
    const handler = special.get(`${c.req.method} ${path}`) ?? general;
    return handler === "streamed" ? next() : handler(c, next);
  });
}
