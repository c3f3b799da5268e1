import type { IntegrationService } from "../types.js";
import { addTag, moveList, removeTag } from "./actions.js";
import { maroCall, readAll } from "./api.js";

/** Maropost (REST API, account id + auth token): see README.md. */
export const maropostService: IntegrationService = {
  kinds: ["MAROPOST"],
  async check(ctx) {
    // Maropost has no "who am I" call; the account's first page of lists needs a valid account and token.
    const lists = await maroCall<Array<{ total_pages?: number }>>(ctx, "/lists", { page: "1" });
    return Array.isArray(lists) ? `Maropost accepted the account ${ctx.credentials.account_id} and its token.` : undefined;
  },
  async lists(ctx) {
    const get = (path: string, query: Record<string, string>) => maroCall<Array<{ id: number | string; name?: string; total_pages?: number }>>(ctx, path, query);
    return { lists: await readAll(get, "lists"), tags: await readAll(get, "tags") };
  },
  actions: { addTag, removeTag, moveList },
};
