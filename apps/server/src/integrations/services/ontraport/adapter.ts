import type { IntegrationAdapter } from "../types.js";
import { CONTACT_OBJECT, ontraportCall, ontraportLists } from "./api.js";

/**
 * ONTRAPORT's connection check and lists: the check asks for the contacts collection's
 * information (`GET /objects/getInfo?objectID=0`) with the App ID and key, so a wrong pair is
 * refused in Ontraport's words; the lists are the tags, campaigns and sequences (api.ts).
 */
export const ontraport: IntegrationAdapter = {
  async check(ctx) {
    const info = await ontraportCall<{ data?: { count?: string | number } }>(ctx, `/objects/getInfo?objectID=${CONTACT_OBJECT}`);
    const count = Number(info?.data?.count);
    return Number.isFinite(count)
      ? `Ontraport accepted the App ID and key (${count.toLocaleString("en-US")} contacts).`
      : "Ontraport accepted the App ID and key.";
  },
  lists: (ctx) => ontraportLists((path) => ontraportCall(ctx, path)),
};
