import type { Fetcher } from "./createFetcher.js";
import type { CallOf } from "./route.js";

/** The call functions of a resource, by method name. */
export type Calls<T> = { [K in keyof T]: CallOf<T[K]> };

/**
 * Builds a resource group (`client.webinars`) from its call functions: each method is its call
 * function with the client bound, so `client.webinars.list(query)` is `webinarsList(client, query)`.
 *
 * @example
 * const media = group<MediaResource>(call, { list: mediaList, delete: mediaDelete });
 * await media.list("video"); // GET /media/ajaxGetFiles/video
 */
export const group = /* @__NO_SIDE_EFFECTS__ */ <T>(call: Fetcher, calls: Calls<T>): T => {
  const methods: Record<string, unknown> = {};
  for (const name in calls) {
    const send = calls[name] as (client: Fetcher, ...args: unknown[]) => unknown;
    methods[name] = (...args: unknown[]) => send(call, ...args);
  }
  return methods as T;
};
