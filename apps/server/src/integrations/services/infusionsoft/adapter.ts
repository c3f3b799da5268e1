import type { IntegrationAdapter } from "../types.js";
import { keapCall, keapLists } from "./api.js";

/**
 * INFUSIONSOFT (Keap) connection check and lists. The check reads the business profile with the
 * stored OAuth token (`GET /businessProfile`), refreshed first when it has expired; the lists are
 * the tags, and the sequences and API goals of every campaign (api.ts).
 */
export const infusionsoft: IntegrationAdapter = {
  async check(ctx) {
    const profile = await keapCall<{ name?: string; email?: string }>(ctx, "/businessProfile");
    const name = profile?.name?.trim() || profile?.email?.trim();
    return name ? `Keap accepted the sign-in: connected to ${name}.` : "Keap accepted the sign-in.";
  },
  lists: (ctx) => keapLists((path) => keapCall(ctx, path)),
};
