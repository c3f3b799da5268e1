import type { Fetcher, Method } from "./createFetcher.js";
import { toForm, type FormValue } from "./form.js";

/**
 * A method of a resource written as its route, `"VERB /path/{param} [flag]"`, or as a function
 * for anything a route cannot say. In a route:
 * - each `{name}` segment takes the next leading argument (URL-encoded);
 * - the argument after them is the payload: the query of a GET, the body of anything else;
 * - flag `form` sends the payload as multipart; flag `=key` sends the argument as `{ key: argument }`.
 *
 * Routes as data keep the client small (every call is a few bytes, not a function) and give one
 * readable table of the API per resource.
 */
export type Routes<T> = { [K in keyof T]: string | T[K] };

/**
 * Builds a resource group from its routes.
 *
 * @example
 * const media = group<MediaResource>(call, { list: "GET /media/ajaxGetFiles/{type}", delete: "DELETE /media/{id}" });
 * await media.list("video"); // GET /media/ajaxGetFiles/video
 */
export const group = /* @__NO_SIDE_EFFECTS__ */ <T>(call: Fetcher, routes: Routes<T>): T => {
  const methods: Record<string, unknown> = {};
  for (const name in routes) {
    const route: unknown = routes[name];
    methods[name] =
      typeof route !== "string"
        ? route
        : (...args: unknown[]) => {
            const [method, path = "", flag = ""] = route.split(" ");
            let next = 0;
            const url = path.replace(/\{\w+\}/g, () => encodeURIComponent(String(args[next++])));
            let payload = args[next];
            if (flag[0] === "=") payload = { [flag.slice(1)]: payload };
            if (flag === "form") payload = toForm(payload as Record<string, FormValue>);
            return call(method as Method, url, payload);
          };
  }
  return methods as T;
};
