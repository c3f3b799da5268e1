import type { IntegrationAdapter } from "../types.js";
import { mauticCall, mauticLists } from "./api.js";

/**
 * MAUTIC's connection check and lists: the check reads the signed-in user (`GET /api/users/self`)
 * with the stored login, so a wrong login or basic auth switched off in Mautic is refused in
 * Mautic's words; the lists are its tags, segments and campaigns (api.ts).
 */
export const mautic: IntegrationAdapter = {
  async check(ctx) {
    const user = await mauticCall<{ username?: string }>(ctx, "/users/self");
    return user?.username ? `Mautic accepted the login of ${user.username}.` : "Mautic accepted the login.";
  },
  lists: (ctx) => mauticLists((path) => mauticCall(ctx, path)),
};
