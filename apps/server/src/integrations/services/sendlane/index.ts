import type { IntegrationService } from "../types.js";
import { addTag, moveList, removeTag } from "./actions.js";
import { laneCall, readAll, type Page } from "./api.js";

/** Sendlane (API v2, Bearer API access token): see README.md. */
export const sendlaneService: IntegrationService = {
  kinds: ["SENDLANE"],
  async check(ctx) {
    // Sendlane's API has no "who am I"; reading one list needs a valid token and says how many there are.
    const body = await laneCall<Page>(ctx, "/lists?limit=1&page=1");
    const total = body?.meta?.total;
    return total === undefined ? undefined : `Sendlane accepted the token (${total} list${total === 1 ? "" : "s"}).`;
  },
  async lists(ctx) {
    const get = <T>(path: string) => laneCall<T>(ctx, path);
    return { lists: await readAll(get, "lists"), tags: await readAll(get, "tags") };
  },
  actions: { addTag, removeTag, moveList },
};
