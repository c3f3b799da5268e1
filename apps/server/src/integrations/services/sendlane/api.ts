import type { ServiceList } from "@cuepoint/sdk";
import { callPeer, type PeerAnswer, type PeerRequest } from "../../actions/http.js";
import { PermanentActionError } from "../../actions/types.js";
import type { ServiceContext } from "../types.js";

/**
 * Sendlane API v2: `https://api.sendlane.com/v2`, the account's API access token as a Bearer
 * token, JSON both ways. Lists and tags are page-numbered (`?limit=&page=`, `meta.last_page`).
 */
export const SENDLANE_API = "https://api.sendlane.com/v2";
const PER_PAGE = 100;
const MAX_PAGES = 20;

const headers = (ctx: ServiceContext) => ({ authorization: `Bearer ${ctx.credentials.api_key ?? ""}` });

/** One call from a check or a list read (errors as ServiceError, Sendlane's words). */
export const laneCall = <T>(ctx: ServiceContext, path: string): Promise<T> =>
  ctx.call<T>(ctx.url(`${SENDLANE_API}${path}`), { headers: headers(ctx) });

/** One call from an action executor (errors as Retryable/PermanentActionError). */
export function lanePeer<T = unknown>(ctx: ServiceContext, path: string, request: PeerRequest = {}): Promise<PeerAnswer<T>> {
  if (!ctx.credentials.api_key) throw new PermanentActionError(`${ctx.label}: the integration needs its API access token.`);
  return callPeer<T>(ctx.label, ctx.url(`${SENDLANE_API}${path}`), { ...request, headers: { ...headers(ctx), ...request.headers } });
}

export interface Page {
  data?: Array<{ id: number | string; name?: string }>;
  meta?: { last_page?: number; total?: number };
}

/** Every row of a paged resource (`lists`, `tags`) through `get`, as `{ id, name }`. */
export async function readAll(get: <T>(path: string) => Promise<T>, resource: "lists" | "tags"): Promise<ServiceList[]> {
  const rows: ServiceList[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const body = await get<Page>(`/${resource}?limit=${PER_PAGE}&page=${page}`);
    for (const row of body?.data ?? []) rows.push({ id: String(row.id), name: String(row.name ?? "") });
    if (page >= (body?.meta?.last_page ?? 1)) break;
  }
  return rows;
}
