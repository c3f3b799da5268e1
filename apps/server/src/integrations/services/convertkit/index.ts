import type { IntegrationService } from "../types.js";
import { addTag, addToSequence, removeTag } from "./actions.js";
import { kitCall, readAll } from "./api.js";

interface Account {
  account?: { name?: string; primary_email_address?: string };
  user?: { email?: string };
}

/** Kit (ConvertKit), API v4 with a v4 API key: see README.md. */
export const convertKitService: IntegrationService = {
  kinds: ["CONVERTKIT"],
  async check(ctx) {
    const body = await kitCall<Account>(ctx, "/account");
    const who = body?.account?.name || body?.user?.email || body?.account?.primary_email_address;
    return who ? `Connected to the Kit account ${who}.` : undefined;
  },
  async lists(ctx) {
    const get = <T>(path: string) => kitCall<T>(ctx, path);
    return { tags: await readAll(get, "tags"), sequences: await readAll(get, "sequences") };
  },
  actions: { addTag, removeTag, addToSequence },
};
