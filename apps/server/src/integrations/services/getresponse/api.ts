import type { ServiceList } from "@cuepoint/sdk";
import { normalizeTagName } from "@cuepoint/sdk";
import { asAction } from "../../actions/errors.js";
import { callPeer, type PeerAnswer, type PeerRequest } from "../../actions/http.js";
import type { ActionRun, ServiceContext } from "../types.js";

/**
 * GetResponse API v3 (https://api.getresponse.com/v3) with an OAuth token (`Authorization:
 * Bearer`), JSON bodies. GetResponse's API calls its lists "campaigns"; a contact is one email on
 * one campaign, so an email may be several contacts. Collections are paged with `page` and
 * `perPage` (at most 1000) and end with a short page.
 */
export const GETRESPONSE_API = "https://api.getresponse.com/v3";
const PER_PAGE = 1000;
/** At most this many pages per collection, so a runaway account cannot hold a request forever. */
const MAX_PAGES = 20;

export interface GetResponseContact {
  contactId: string;
  email: string;
  campaign?: { campaignId?: string };
}

const bearer = async (ctx: ServiceContext) => ({ authorization: `Bearer ${await ctx.accessToken()}` });

/** One call from a check or a list route (errors are `ServiceError`s: 422 refused, 502 unreachable). */
export async function get<T>(ctx: ServiceContext, path: string): Promise<T> {
  return ctx.call<T>(ctx.url(`${GETRESPONSE_API}${path}`), { headers: await bearer(ctx) });
}

async function readAll<T>(ctx: ServiceContext, path: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const body = await get<T[]>(ctx, `${path}?page=${page}&perPage=${PER_PAGE}`);
    const entries = Array.isArray(body) ? body : [];
    rows.push(...entries);
    if (entries.length < PER_PAGE) break;
  }
  return rows;
}

/** `lists` (GetResponse campaigns, picked by `campaignName`) and the account's `tags`. */
export async function campaignsAndTags(ctx: ServiceContext): Promise<{ campaigns: ServiceList[]; tags: ServiceList[] }> {
  const campaigns = await readAll<{ campaignId: string; name: string; isDefault?: string }>(ctx, "/campaigns");
  const tags = await readAll<{ tagId: string; name: string }>(ctx, "/tags");
  return {
    campaigns: campaigns.map((c) => ({ id: c.campaignId, name: c.name, ...(c.isDefault === "true" && { isDefault: true }) })),
    tags: tags.map((tag) => ({ id: tag.tagId, name: tag.name })),
  };
}

/** An action's calls to GetResponse, the bearer token set. */
export interface GetResponsePeer {
  label: string;
  call<T = unknown>(path: string, request?: PeerRequest): Promise<PeerAnswer<T>>;
}

export async function actionPeer(run: ActionRun): Promise<GetResponsePeer> {
  const { service } = run;
  const token = await asAction(() => service.accessToken());
  return {
    label: service.label,
    call: (path, request = {}) =>
      callPeer(service.label, service.url(`${GETRESPONSE_API}${path}`), {
        ...request,
        headers: { authorization: `Bearer ${token}`, ...request.headers },
      }),
  };
}

/** The registrant's contacts, one per campaign (`GET /contacts?query[email]=…&additionalFlags=exactMatch`). */
export async function contactsOf(peer: GetResponsePeer, email: string): Promise<GetResponseContact[]> {
  const query = new URLSearchParams({ "query[email]": email, additionalFlags: "exactMatch", perPage: "100" });
  const { body } = await peer.call<GetResponseContact[]>(`/contacts?${query}`);
  // Checked again here: without the flag GetResponse matches parts of addresses.
  return (Array.isArray(body) ? body : []).filter((contact) => contact.email.toLowerCase() === email.toLowerCase());
}

/** The id of the account's tag of this (lower-cased) name, created (`POST /tags`) when missing. */
export async function tagIdOf(peer: GetResponsePeer, tagName: string): Promise<{ tagId: string; name: string }> {
  const name = normalizeTagName(tagName);
  const { body } = await peer.call<Array<{ tagId: string; name: string }>>(`/tags?${new URLSearchParams({ "query[name]": name })}`);
  const found = (Array.isArray(body) ? body : []).find((tag) => normalizeTagName(tag.name) === name);
  if (found) return { tagId: found.tagId, name };
  const created = await peer.call<{ tagId: string }>("/tags", { json: { name } });
  return { tagId: created.body.tagId, name };
}

/** The account's default campaign (the list GetResponse adds contacts to when none is named). */
export async function defaultCampaign(peer: GetResponsePeer): Promise<string | undefined> {
  const { body } = await peer.call<Array<{ campaignId: string; isDefault?: string }>>(`/campaigns?perPage=${PER_PAGE}`);
  return (Array.isArray(body) ? body : []).find((campaign) => campaign.isDefault === "true")?.campaignId;
}
