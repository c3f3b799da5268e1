import type { Fetcher, Method } from "./createFetcher.js";
import type { FormValue } from "./form.js";

/**
 * What every call function takes: the request core (`createFetcher(options)`), or anything that
 * holds one as `request` (a `createClient` client). The core is the small one: a bundle of
 * `createFetcher` and a few call functions holds no other call.
 */
export type ClientLike = Fetcher | { request: Fetcher };

/** A resource method as a call function: the same arguments after the client, the same answer. */
export type CallOf<M> = M extends (...args: infer A) => infer R ? (client: ClientLike, ...args: A) => R : never;

/** Encodes the payload of a `form` route as multipart: `toForm`. */
export type FormEncoder = (fields: Record<string, FormValue>) => FormData;

/** The request core of a `ClientLike`. */
export const fetcherOf = (client: ClientLike): Fetcher => (typeof client === "function" ? client : client.request);

/**
 * A call function written as its route, `"VERB /path/{param} [flag]"`. When called:
 * - each `{name}` segment takes the next argument after the client (URL-encoded);
 * - the argument after them is the payload: the query of a GET, the body of anything else;
 * - flag `form` sends the payload as multipart, encoded by `form` (pass `toForm`: only form
 *   routes do, so a bundle without one has no form.js); flag `=key` sends the argument as
 *   `{ key: argument }`.
 *
 * The route is read when the call is made, so defining calls costs nothing at import; call sites
 * are marked `@__PURE__`, so a bundler drops every call nobody imports.
 *
 * @example
 * export const mediaList: CallOf<MediaResource["list"]> = route("GET /media/ajaxGetFiles/{type}");
 * await mediaList(client, "video"); // GET /media/ajaxGetFiles/video
 * export const leadsUpload: CallOf<LeadsResource["upload"]> = route("POST /registrants form", toForm);
 */
export const route = /* @__NO_SIDE_EFFECTS__ */ <F>(spec: string, form?: FormEncoder): F =>
  ((client: ClientLike, ...args: unknown[]) => {
    const [method, path, flag = ""] = spec.split(" ") as [Method, string, string?];
    let next = 0;
    const url = path.replace(/\{\w+\}/g, () => encodeURIComponent(args[next++] as string)); // (it makes text of any value)
    let payload = args[next];
    if (flag[0] === "=") payload = { [flag.slice(1)]: payload };
    if (flag === "form") payload = (form as FormEncoder)(payload as Record<string, FormValue>);
    return fetcherOf(client)(method, url, payload);
  }) as F;
