import type { ServiceList } from "@cuepoint/sdk";
import { callPeer, type PeerAnswer, type PeerRequest } from "../../actions/http.js";
import { PermanentActionError } from "../../actions/types.js";
import type { ServiceContext } from "../types.js";

/**
 * Kit (ConvertKit) API v4: `https://api.kit.com/v4`, the account's v4 API key in the
 * `X-Kit-Api-Key` header. Lists are cursor-paged (`pagination.has_next_page`,
 * `pagination.end_cursor`, `?after=`), at most 1,000 a page.
 */
export const KIT_API = "https://api.kit.com/v4";
const PER_PAGE = 1000;
/** At most this many pages per list, so a runaway account cannot hold a request forever. */
const MAX_PAGES = 20;

const headers = (ctx: ServiceContext) => ({ "X-Kit-Api-Key": ctx.credentials.api_key ?? "" });

/** One call from a check or a list read (errors as ServiceError, the vendor's words). */
export const kitCall = <T>(ctx: ServiceContext, path: string): Promise<T> =>
  ctx.call<T>(ctx.url(`${KIT_API}${path}`), { headers: headers(ctx) });

/** One call from an action executor (errors as Retryable/PermanentActionError). */
export function kitPeer<T = unknown>(ctx: ServiceContext, path: string, request: PeerRequest = {}): Promise<PeerAnswer<T>> {
  if (!ctx.credentials.api_key) throw new PermanentActionError(`${ctx.label}: the integration needs its API key.`);
  return callPeer<T>(ctx.label, ctx.url(`${KIT_API}${path}`), { ...request, headers: { ...headers(ctx), ...request.headers } });
}

interface Page {
  pagination?: { has_next_page?: boolean; end_cursor?: string | null };
}

/**
 * Every row of a paged list (`tags`, `sequences`), through `get` (a check's call or an
 * executor's), as `{ id, name }`.
 */
export async function readAll(
  get: <T>(path: string) => Promise<T>,
  resource: "tags" | "sequences",
): Promise<ServiceList[]> {
  const items: ServiceList[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({ per_page: String(PER_PAGE), ...(after ? { after } : {}) });
    const body = await get<Page & Record<string, Array<{ id: number | string; name: string }>>>(`/${resource}?${query}`);
    for (const row of body?.[resource] ?? []) items.push({ id: String(row.id), name: String(row.name ?? "") });
    after = body?.pagination?.end_cursor ?? undefined;
    if (!body?.pagination?.has_next_page || !after) break;
  }
  return items;
}
