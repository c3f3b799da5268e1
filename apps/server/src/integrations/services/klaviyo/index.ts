import type { IntegrationService } from "../types.js";
import { moveList } from "./actions.js";
import { klaviyo, readLists } from "./api.js";

/** Klaviyo (REST API, private API key), through its official client: see README.md. */
export const klaviyoService: IntegrationService = {
  kinds: ["KLAVIYO"],
  async check(ctx) {
    const { body } = await klaviyo(ctx).accounts.getAccounts();
    const name = body.data?.[0]?.attributes?.contactInformation?.organizationName;
    return name ? `Connected to the Klaviyo account ${name}.` : undefined;
  },
  async lists(ctx) {
    return { lists: await readLists(ctx) };
  },
  actions: { moveList },
};
