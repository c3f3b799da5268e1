import type { ServiceList } from "@cuepoint/sdk";
import { isRebased } from "../endpoints.js";
import { publicAddresses } from "../publicHost.js";
import { AUTO_FIELDS, type IntegrationAdapter, type ServiceContext } from "./types.js";

/**
 * ActiveCampaign API v3: the account's own API URL (`api_url`, e.g.
 * https://acme.api-us1.com) and the `Api-Token` header. Lists, tags and automations are read
 * 100 at a time (the API's maximum page). Tags are account-wide, so `listID` plays no part in
 * adding one.
 */
const PAGE = 100;
/** At most this many pages per list, so a runaway account cannot hold a request forever. */
const MAX_PAGES = 50;

async function api(ctx: ServiceContext, path: string): Promise<string> {
  const base = (ctx.credentials.api_url ?? "").replace(/\/+$/, "");
  // The API URL is typed by a person: it must not lead into the server's network, unless the
  // operator rebased the kind (then requests go to the configured address, not this one).
  if (!isRebased(ctx.kind)) await publicAddresses(new URL(base).hostname, ctx.label);
  return ctx.url(`${base}${path}`);
}

const headers = (ctx: ServiceContext) => ({ "Api-Token": ctx.credentials.api_key ?? "" });

async function readAll(ctx: ServiceContext, resource: string, nameField: string): Promise<ServiceList[]> {
  const items: ServiceList[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = await api(ctx, `/api/3/${resource}?limit=${PAGE}&offset=${page * PAGE}`);
    const body = await ctx.call<Record<string, Array<Record<string, unknown>>>>(url, { headers: headers(ctx) });
    const rows = body?.[resource] ?? [];
    for (const row of rows) items.push({ id: String(row.id), name: String(row[nameField] ?? "") });
    if (rows.length < PAGE) break;
  }
  return items;
}

/** A personalisation tag: upper case letters, digits and underscores (`%WEBINAR_DATE%`). */
const perstag = (name: string) =>
  name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_|_$/g, "");

async function createField(ctx: ServiceContext, listID: string, title: string, tag: string): Promise<void> {
  const created = await ctx.call<{ field: { id: string | number } }>(await api(ctx, "/api/3/fields"), {
    headers: headers(ctx),
    json: { field: { type: "text", title, perstag: tag } },
  });
  await ctx.call(await api(ctx, "/api/3/fieldRels"), {
    headers: headers(ctx),
    json: { fieldRel: { field: String(created.field.id), relid: listID } },
  });
}

export const activeCampaign: IntegrationAdapter = {
  async check(ctx) {
    await ctx.call(await api(ctx, "/api/3/users/me"), { headers: headers(ctx) });
  },
  async lists(ctx) {
    return {
      lists: await readAll(ctx, "lists", "name"),
      tags: await readAll(ctx, "tags", "tag"),
      automations: await readAll(ctx, "automations", "name"),
    };
  },
  addField: (ctx, listID, name) => createField(ctx, listID, name, perstag(name)),
  async addAutoFields(ctx, listID) {
    const existing = await readAll(ctx, "fields", "perstag");
    const known = new Set(existing.map((field) => field.name));
    const added: string[] = [];
    for (const field of AUTO_FIELDS) {
      if (known.has(field.tag)) continue;
      await createField(ctx, listID, field.name, field.tag);
      added.push(field.name);
    }
    return added;
  },
  async addTag(ctx, _listID, name) {
    const body = await ctx.call<{ tag: { id: string | number; tag: string } }>(await api(ctx, "/api/3/tags"), {
      headers: headers(ctx),
      json: { tag: { tag: name, tagType: "contact", description: "" } },
    });
    return { id: String(body.tag.id), name: body.tag.tag };
  },
};
