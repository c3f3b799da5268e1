import type { ServiceList } from "@cuepoint/sdk";
import type { IntegrationAdapter, ServiceContext } from "../types.js";

/**
 * Facebook custom audiences through the Graph API, with the OAuth token as a bearer header (kept
 * out of URLs and their logs). Ad accounts are `act_<id>`; an id given without the prefix gets
 * it. Audiences are read per ad account, first page (100) of each.
 */
export const GRAPH_VERSION = "v19.0";

const graph = (ctx: ServiceContext, path: string) => ctx.url(`https://graph.facebook.com/${GRAPH_VERSION}${path}`);
const bearer = async (ctx: ServiceContext) => ({ authorization: `Bearer ${await ctx.accessToken()}` });
const adAccount = (id: string) => (id.startsWith("act_") ? id : `act_${id}`);

type Page = { data?: Array<{ id: string; name?: string }> };

export const facebook: IntegrationAdapter = {
  async check(ctx) {
    await ctx.call(graph(ctx, "/me?fields=id,name"), { headers: await bearer(ctx) });
  },
  async lists(ctx) {
    const { data: accounts = [] } = await ctx.call<Page>(graph(ctx, "/me/adaccounts?fields=id,name&limit=100"), {
      headers: await bearer(ctx),
    });
    const audiences: ServiceList[] = [];
    for (const account of accounts) {
      const { data = [] } = await ctx.call<Page>(graph(ctx, `/${account.id}/customaudiences?fields=id,name&limit=100`), {
        headers: await bearer(ctx),
      });
      for (const audience of data) audiences.push({ id: audience.id, name: audience.name ?? "", adAccountId: account.id });
    }
    return {
      adAccounts: accounts.map((account) => ({ id: account.id, name: account.name ?? account.id })),
      audiences,
    };
  },
  async createAudience(ctx, adAccountId, name) {
    const account = adAccount(adAccountId);
    const created = await ctx.call<{ id: string }>(graph(ctx, `/${encodeURIComponent(account)}/customaudiences`), {
      headers: await bearer(ctx),
      form: {
        name,
        subtype: "CUSTOM",
        customer_file_source: "USER_PROVIDED_ONLY",
        description: "Webinar registrants (Cuepoint)",
      },
    });
    return { id: created.id, name, adAccountId: account };
  },
};
