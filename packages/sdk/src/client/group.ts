import type { Fetcher, Method } from "./createFetcher.js";
import type { FormValue } from "./form.js";

/**
 * A method of a resource written as its route, `"VERB /path/{param} [flag]"`, or as a function
 * for anything a route cannot say. In a route:
 * - each `{name}` segment takes the next leading argument (URL-encoded);
 * - the argument after them is the payload: the query of a GET, the body of anything else;
 * - flag `form` sends the payload as multipart (encoded by the group's `form` encoder, `toForm`);
 *   flag `=key` sends the argument as `{ key: argument }`.
 *
 * Routes as data keep the client small (every call is a few bytes, not a function) and give one
 * readable table of the API per resource.
 */
export type Routes<T> = { [K in keyof T]: string | T[K] };

/** Encodes the payload of a `form` route as multipart: `toForm`. */
export type FormEncoder = (fields: Record<string, FormValue>) => FormData;

/**
 * Builds a resource group from its routes. A group with `form` routes passes `toForm` as `form`;
 * the others leave it out, so a bundle of only those (the registration widget's) has no form.js.
 *
 * @example
 * const media = group<MediaResource>(call, { list: "GET /media/ajaxGetFiles/{type}", delete: "DELETE /media/{id}" });
 * await media.list("video"); // GET /media/ajaxGetFiles/video
 * const leads = group<LeadsResource>(call, { upload: "POST /registrants form" }, toForm);
 */
export const group = /* @__NO_SIDE_EFFECTS__ */ <T>(call: Fetcher, routes: Routes<T>, form?: FormEncoder): T => {
  const methods: Record<string, unknown> = {};
  for (const name in routes) {
    const route: unknown = routes[name];
    methods[name] =
      typeof route !== "string"
        ? route
        : (...args: unknown[]) => {
            const [method, path, flag = ""] = route.split(" ") as [Method, string, string?];
            let next = 0;
            const url = path.replace(/\{\w+\}/g, () => encodeURIComponent(args[next++] as string)); // (it makes text of any value)
            let payload = args[next];
            if (flag[0] === "=") payload = { [flag.slice(1)]: payload };
            if (flag === "form") payload = (form as FormEncoder)(payload as Record<string, FormValue>);
            return call(method, url, payload);
          };
  }
  return methods as T;
};
