import type { ServiceList } from "@cuepoint/sdk";
import { callPeer, type PeerAnswer, type PeerRequest } from "../../actions/http.js";
import { asAction } from "../../actions/errors.js";
import type { ServiceContext } from "../types.js";

/**
 * Keap (Infusionsoft) REST API v2: `https://api.infusionsoft.com/crm/rest/v2`, the OAuth access
 * token as `Authorization: Bearer`. Lists are paged by `page_size` (at most 1,000) and
 * `page_token` (`next_page_token` of the answer, empty on the last page).
 */
export const KEAP_API = "https://api.infusionsoft.com/crm/rest/v2";
const PAGE_SIZE = 1000;
/** At most this many pages per list, so a runaway account cannot hold a request forever. */
const MAX_PAGES = 20;

/** One call from a check or a list read (errors as ServiceError, Keap's words). */
export async function keapCall<T>(ctx: ServiceContext, path: string): Promise<T> {
  const token = await ctx.accessToken();
  return ctx.call<T>(ctx.url(`${KEAP_API}${path}`), { headers: { authorization: `Bearer ${token}` } });
}

/** One call from an action executor (errors as Retryable/PermanentActionError, Keap's words). */
export async function keapPeer<T = unknown>(ctx: ServiceContext, path: string, request: PeerRequest = {}): Promise<PeerAnswer<T>> {
  const token = await asAction(() => ctx.accessToken());
  return callPeer<T>(ctx.label, ctx.url(`${KEAP_API}${path}`), {
    ...request,
    headers: { authorization: `Bearer ${token}`, ...request.headers },
  });
}

type Get = <T>(path: string) => Promise<T>;

/** Every row of a paged list (`tags`, `campaigns`, a campaign's `sequences` or `goals`). */
export async function readAll<T>(get: Get, path: string, key: string): Promise<T[]> {
  const rows: T[] = [];
  let token = "";
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({ page_size: String(PAGE_SIZE), ...(token ? { page_token: token } : {}) });
    const body = await get<Record<string, unknown>>(`${path}?${query}`);
    rows.push(...((body?.[key] as T[] | undefined) ?? []));
    token = typeof body?.next_page_token === "string" ? body.next_page_token : "";
    if (!token) break;
  }
  return rows;
}

interface Named {
  id: string | number;
  name?: string;
}

/**
 * The lists Keap's actions pick from: `tags` (by id), `sequences` and `goals` (the API goals) of
 * every campaign, as `<campaign id>:<sequence or goal id>` named "Campaign › Sequence", since a
 * sequence or a goal is addressed through its campaign.
 */
export async function keapLists(get: Get): Promise<Record<"tags" | "sequences" | "goals", ServiceList[]>> {
  const tags = await readAll<Named>(get, "/tags", "tags");
  const campaigns = await readAll<Named>(get, "/campaigns", "campaigns");
  const sequences: ServiceList[] = [];
  const goals: ServiceList[] = [];
  for (const campaign of campaigns) {
    const id = encodeURIComponent(String(campaign.id));
    const prefix = (row: Named) => ({ id: `${campaign.id}:${row.id}`, name: `${campaign.name ?? campaign.id} › ${row.name ?? row.id}` });
    sequences.push(...(await readAll<Named>(get, `/campaigns/${id}/sequences`, "sequences")).map(prefix));
    const campaignGoals = await readAll<Named & { type?: string }>(get, `/campaigns/${id}/goals`, "goals");
    goals.push(...campaignGoals.filter((goal) => goal.type === "API").map(prefix));
  }
  return { tags: tags.map((tag) => ({ id: String(tag.id), name: String(tag.name ?? tag.id) })), sequences, goals };
}
