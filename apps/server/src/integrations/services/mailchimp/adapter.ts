import type { ServiceList } from "@cuepoint/sdk";
import { oauthUrl } from "../../endpoints.js";
import { ServiceError } from "../../serviceCall.js";
import { AUTO_FIELDS, type IntegrationAdapter, type ServiceContext } from "../types.js";

/**
 * Mailchimp Marketing API 3.0 with an OAuth token (`Authorization: Bearer`). The API host is
 * the account's data centre (`https://{dc}.api.mailchimp.com`), learnt once after connecting
 * from the OAuth metadata endpoint (`Authorization: OAuth <token>`, as Mailchimp documents it).
 * Mailchimp's tags live on an audience (list) as static segments, so tags carry `listID`.
 */
const COUNT = 1000;

async function api(ctx: ServiceContext, path: string) {
  const dc = ctx.meta.dc;
  if (!dc) throw new ServiceError(`${ctx.label}: reconnect the integration (its data centre is unknown).`, "refused");
  return ctx.url(`https://${dc}.api.mailchimp.com/3.0${path}`);
}

const bearer = async (ctx: ServiceContext) => ({ authorization: `Bearer ${await ctx.accessToken()}` });

async function get<T>(ctx: ServiceContext, path: string): Promise<T> {
  return ctx.call<T>(await api(ctx, path), { headers: await bearer(ctx) });
}

async function post<T>(ctx: ServiceContext, path: string, json: unknown): Promise<T> {
  return ctx.call<T>(await api(ctx, path), { headers: await bearer(ctx), json });
}

/** A merge tag: up to 10 upper-case letters, digits or underscores (Mailchimp's limit). */
const mergeTag = (name: string) =>
  name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "")
    .slice(0, 10) || "FIELD";

type Named = { id: string | number; name: string };

export const mailchimp: IntegrationAdapter = {
  async afterConnect(ctx) {
    const url = oauthUrl(ctx.kind, "https://login.mailchimp.com/oauth2/metadata");
    const body = await ctx.call<{ dc?: string; accountname?: string }>(url, {
      headers: { authorization: `OAuth ${await ctx.accessToken()}` },
    });
    if (!body?.dc) throw new ServiceError(`${ctx.label} did not say which data centre the account is in.`, "refused");
    return { dc: body.dc, ...(body.accountname && { accountname: body.accountname }) };
  },
  async check(ctx) {
    await get(ctx, "/ping");
  },
  async lists(ctx) {
    const { lists = [] } = await get<{ lists?: Named[] }>(ctx, `/lists?count=${COUNT}&fields=lists.id,lists.name`);
    const tags: ServiceList[] = [];
    for (const list of lists) {
      const { segments = [] } = await get<{ segments?: Named[] }>(
        ctx,
        `/lists/${encodeURIComponent(String(list.id))}/segments?type=static&count=${COUNT}&fields=segments.id,segments.name`,
      );
      for (const segment of segments) tags.push({ id: String(segment.id), name: segment.name, listID: String(list.id) });
    }
    return { lists: lists.map((list) => ({ id: String(list.id), name: list.name })), tags };
  },
  async addField(ctx, listID, name) {
    await post(ctx, `/lists/${encodeURIComponent(listID)}/merge-fields`, { name, tag: mergeTag(name), type: "text" });
  },
  async addAutoFields(ctx, listID) {
    const { merge_fields = [] } = await get<{ merge_fields?: Array<{ tag: string }> }>(
      ctx,
      `/lists/${encodeURIComponent(listID)}/merge-fields?count=${COUNT}&fields=merge_fields.tag`,
    );
    const known = new Set(merge_fields.map((field) => field.tag));
    const added: string[] = [];
    for (const field of AUTO_FIELDS) {
      const { tag } = field;
      if (known.has(tag)) continue;
      await post(ctx, `/lists/${encodeURIComponent(listID)}/merge-fields`, { name: field.name, tag, type: "text" });
      added.push(field.name);
    }
    return added;
  },
  async addTag(ctx, listID, name) {
    if (!listID) throw new ServiceError(`${ctx.label} keeps tags per audience: choose the audience (listID).`, "refused");
    const segment = await post<Named>(ctx, `/lists/${encodeURIComponent(listID)}/segments`, {
      name,
      static_segment: [],
    });
    return { id: String(segment.id), name: segment.name, listID };
  },
};
