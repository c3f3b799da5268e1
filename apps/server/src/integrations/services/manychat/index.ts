import type { IntegrationService } from "../types.js";
import { addTag, removeTag, sendFlow, sendMedia, sendText } from "./actions.js";
import { pageGet, pageLists } from "./api.js";

/** ManyChat's Page API with the page's API key, plain calls through the shared exchange: see README.md. */
export const manyChatService: IntegrationService = {
  kinds: ["MANYCHAT"],
  async check(ctx) {
    const page = await pageGet<{ name?: string }>(ctx, "/fb/page/getInfo");
    return page?.name ? `Connected to the ManyChat page ${page.name}.` : undefined;
  },
  lists: pageLists,
  actions: { addTag, removeTag, sendText, sendMedia, sendFlow },
};
