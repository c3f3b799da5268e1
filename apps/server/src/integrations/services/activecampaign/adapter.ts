import type { ServiceList } from "@cuepoint/sdk";
import { isRebased } from "../../endpoints.js";
import { pinnedAddress } from "../../publicHost.js";
import type { RawServiceRequest } from "../../serviceCall.js";
import { AUTO_FIELDS, type IntegrationAdapter, type ServiceContext } from "../types.js";

/**
 * ActiveCampaign API v3: the account's own API URL (`api_url`, e.g.
 * https://acme.api-us1.com) and the `Api-Token` header. Lists, tags and automations are read
 * 100 at a time (the API's maximum page). Tags are account-wide, so `listID` plays no part in
 * adding one.
 */
const PAGE = 100;
/** At most this many pages per list, so a runaway account cannot hold a request forever. */
const MAX_PAGES = 50;

async function api(ctx: ServiceContext, path: string, request: RawServiceRequest = {}): Promise<RawServiceRequest & { url: string }> {
  const base = (ctx.credentials.api_url ?? "").replace(/\/+$/, "");
  // The API URL is typed by a person: it must not lead into the server's network, unless the
  // operator rebased the kind (then requests go to the configured address, not this one). The
  // call connects to the address checked.
  const pin = isRebased(ctx.kind) ? undefined : await pinnedAddress(new URL(base), ctx.label);
  return { ...request, pin, url: ctx.url(`${base}${path}`) };
}

/** One call to the account's API: `api()`'s checked, pinned address. */
async function call<T = unknown>(ctx: ServiceContext, path: string, request: RawServiceRequest = {}): Promise<T> {
  const { url, ...pinned } = await api(ctx, path, { ...request, headers: { ...headers(ctx), ...request.headers } });
  return ctx.call<T>(url, pinned);
}

const headers = (ctx: ServiceContext) => ({ "Api-Token": ctx.credentials.api_key ?? "" });

async function readAll(ctx: ServiceContext, resource: string, nameField: string): Promise<ServiceList[]> {
  const items: ServiceList[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = await call<Record<string, Array<Record<string, unknown>>>>(ctx, `/api/3/${resource}?limit=${PAGE}&offset=${page * PAGE}`);
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
  const created = await call<{ field: { id: string | number } }>(ctx, "/api/3/fields", {
    json: { field: { type: "text", title, perstag: tag } },
  });
  await call(ctx, "/api/3/fieldRels", {
    json: { fieldRel: { field: String(created.field.id), relid: listID } },
  });
}

export const activeCampaign: IntegrationAdapter = {
  async check(ctx) {
    await call(ctx, "/api/3/users/me");
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
    const body = await call<{ tag: { id: string | number; tag: string } }>(ctx, "/api/3/tags", {
      json: { tag: { tag: name, tagType: "contact", description: "" } },
    });
    return { id: String(body.tag.id), name: body.tag.tag };
  },
};
