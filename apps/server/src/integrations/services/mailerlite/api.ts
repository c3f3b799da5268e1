import type { ServiceList } from "@cuepoint/sdk";
import { callPeer, type PeerAnswer, type PeerRequest } from "../../actions/http.js";
import { PermanentActionError } from "../../actions/types.js";
import type { ServiceContext } from "../types.js";

/**
 * MailerLite's API (the current one, "connect"): `https://connect.mailerlite.com/api`, the
 * account's API token as a Bearer token, JSON both ways. Groups are page-numbered
 * (`?limit=&page=`, `meta.last_page`); an account has at most 1,000 groups.
 */
export const MAILERLITE_API = "https://connect.mailerlite.com/api";
const PER_PAGE = 100;
const MAX_PAGES = 10;

const headers = (ctx: ServiceContext) => ({ authorization: `Bearer ${ctx.credentials.api_key ?? ""}` });

/** One call from a check or a list read (errors as ServiceError, MailerLite's words). */
export const liteCall = <T>(ctx: ServiceContext, path: string): Promise<T> =>
  ctx.call<T>(ctx.url(`${MAILERLITE_API}${path}`), { headers: headers(ctx) });

/** One call from an action executor (errors as Retryable/PermanentActionError). */
export function litePeer<T = unknown>(ctx: ServiceContext, path: string, request: PeerRequest = {}): Promise<PeerAnswer<T>> {
  if (!ctx.credentials.api_key) throw new PermanentActionError(`${ctx.label}: the integration needs its API token.`);
  return callPeer<T>(ctx.label, ctx.url(`${MAILERLITE_API}${path}`), { ...request, headers: { ...headers(ctx), ...request.headers } });
}

export interface GroupPage {
  data?: Array<{ id: string | number; name: string }>;
  meta?: { current_page?: number; last_page?: number; total?: number };
}

/** Every group of the account, as `{ id, name }`. */
export async function readGroups(ctx: ServiceContext): Promise<ServiceList[]> {
  const groups: ServiceList[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const body = await liteCall<GroupPage>(ctx, `/groups?limit=${PER_PAGE}&page=${page}`);
    for (const group of body?.data ?? []) groups.push({ id: String(group.id), name: String(group.name ?? "") });
    if (page >= (body?.meta?.last_page ?? 1)) break;
  }
  return groups;
}
