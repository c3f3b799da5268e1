import type { ServiceList } from "@cuepoint/sdk";
import { callPeer, type PeerAnswer, type PeerRequest } from "../../actions/http.js";
import { PermanentActionError } from "../../actions/types.js";
import type { ServiceContext } from "../types.js";

/**
 * Ontraport REST API: `https://api.ontraport.com/1`, the account's App ID and API key in the
 * `Api-Appid` and `Api-Key` headers. Answers are `{ code: 0, data, account_id }`; collections are
 * paged by `start` and `range` (at most 50 a page).
 */
export const ONTRAPORT_API = "https://api.ontraport.com/1";
/** Ontraport's object type ids (objectID): contacts, sequences. */
export const CONTACT_OBJECT = "0";
export const SEQUENCE_OBJECT = "5";
const RANGE = 50;
/** At most this many pages per list (2,000 rows), so a runaway account cannot hold a request forever. */
const MAX_PAGES = 40;

const headers = (ctx: ServiceContext) => ({ "Api-Appid": ctx.credentials.api_app_id ?? "", "Api-Key": ctx.credentials.api_key ?? "" });

/** One call from a check or a list read (errors as ServiceError, Ontraport's words). */
export const ontraportCall = <T>(ctx: ServiceContext, path: string): Promise<T> =>
  ctx.call<T>(ctx.url(`${ONTRAPORT_API}${path}`), { headers: headers(ctx) });

/** One call from an action executor (errors as Retryable/PermanentActionError, Ontraport's words). */
export function ontraportPeer<T = unknown>(ctx: ServiceContext, path: string, request: PeerRequest = {}): Promise<PeerAnswer<T>> {
  if (!ctx.credentials.api_app_id || !ctx.credentials.api_key) {
    throw new PermanentActionError(`${ctx.label}: the integration needs its App ID and API key.`);
  }
  return callPeer<T>(ctx.label, ctx.url(`${ONTRAPORT_API}${path}`), { ...request, headers: { ...headers(ctx), ...request.headers } });
}

/** Every row of a collection (`/Tags`, `/CampaignBuilderItems`, `/objects?objectID=5`), `range` 50 at a time. */
export async function readAll(
  get: <T>(path: string) => Promise<T>,
  path: string,
  query: Record<string, string>,
): Promise<Array<Record<string, unknown>>> {
  const rows: Array<Record<string, unknown>> = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const params = new URLSearchParams({ ...query, start: String(page * RANGE), range: String(RANGE) });
    const body = await get<{ data?: Array<Record<string, unknown>> }>(`${path}?${params}`);
    const data = Array.isArray(body?.data) ? body.data : [];
    rows.push(...data);
    if (data.length < RANGE) break;
  }
  return rows;
}

const entry = (row: Record<string, unknown>, id: string, name: string): ServiceList => ({
  id: String(row[id] ?? ""),
  name: String(row[name] ?? row[id] ?? ""),
});

/** The lists Ontraport's actions pick from: tags, campaigns (Campaign Builder) and sequences. */
export async function ontraportLists(get: <T>(path: string) => Promise<T>): Promise<Record<"tags" | "campaigns" | "sequences", ServiceList[]>> {
  const tags = await readAll(get, "/Tags", { listFields: "tag_id,tag_name" });
  const campaigns = await readAll(get, "/CampaignBuilderItems", { listFields: "id,name" });
  const sequences = await readAll(get, "/objects", { objectID: SEQUENCE_OBJECT, listFields: "drip_id,name" });
  return {
    tags: tags.map((row) => entry(row, "tag_id", "tag_name")),
    campaigns: campaigns.map((row) => entry(row, "id", "name")),
    sequences: sequences.map((row) => entry(row, "drip_id", "name")),
  };
}
