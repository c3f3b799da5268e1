import type { ServiceList } from "@cuepoint/sdk";
import { callPeer, type PeerAnswer, type PeerRequest } from "../../actions/http.js";
import { PermanentActionError } from "../../actions/types.js";
import type { ServiceContext } from "../types.js";

/**
 * Maropost's REST API: `https://api.maropost.com/accounts/{account_id}/{resource}.json`, the
 * account's auth token as the `auth_token` query parameter, JSON bodies. Lists come a page at a time
 * (`?page=`), each row carrying `total_pages`.
 */
const MAX_PAGES = 50;

function url(ctx: ServiceContext, path: string, query: Record<string, string> = {}): string {
  const account = encodeURIComponent(ctx.credentials.account_id ?? "");
  const params = new URLSearchParams({ auth_token: ctx.credentials.access_token ?? "", ...query });
  return ctx.url(`https://api.maropost.com/accounts/${account}${path}.json?${params}`);
}

/** One call from a check or a list read (errors as ServiceError, Maropost's words). */
export const maroCall = <T>(ctx: ServiceContext, path: string, query?: Record<string, string>): Promise<T> =>
  ctx.call<T>(url(ctx, path, query));

/** One call from an action executor (errors as Retryable/PermanentActionError). */
export function maroPeer<T = unknown>(
  ctx: ServiceContext,
  path: string,
  request: PeerRequest & { query?: Record<string, string> } = {},
): Promise<PeerAnswer<T>> {
  if (!ctx.credentials.account_id || !ctx.credentials.access_token) {
    throw new PermanentActionError(`${ctx.label}: the integration needs its account ID and auth token.`);
  }
  const { query, ...rest } = request;
  return callPeer<T>(ctx.label, url(ctx, path, query), rest);
}

type Row = { id: number | string; name?: string; total_pages?: number };

/** Every row of a paged resource (`/lists`, `/tags`) through `get`, as `{ id, name }`. */
export async function readAll(get: (path: string, query: Record<string, string>) => Promise<Row[]>, resource: "lists" | "tags"): Promise<ServiceList[]> {
  const rows: ServiceList[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const body = await get(`/${resource}`, { page: String(page) });
    const items = Array.isArray(body) ? body : [];
    for (const row of items) rows.push({ id: String(row.id), name: String(row.name ?? "") });
    if (items.length === 0 || page >= (items[0]?.total_pages ?? 1)) break;
  }
  return rows;
}
