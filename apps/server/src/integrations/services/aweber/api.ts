import type { ServiceList } from "@cuepoint/sdk";
import { asAction } from "../../actions/errors.js";
import { callPeer, type PeerAnswer, type PeerRequest } from "../../actions/http.js";
import type { RawServiceRequest } from "../../serviceCall.js";
import { ServiceError } from "../../serviceCall.js";
import type { ActionRun, ServiceContext } from "../types.js";

/**
 * AWeber API 1.0 (https://api.aweber.com): `Authorization: Bearer <OAuth 2.0 token>`, JSON
 * bodies, collections of `{ entries, next_collection_link }` read 100 at a time (`ws.start`,
 * `ws.size`). An OAuth grant reaches one or more accounts (`GET /accounts`); Cuepoint works in the
 * first one, remembered as `account_id` in the integration's meta when it connects.
 */
export const AWEBER_API = "https://api.aweber.com/1.0";
/** The largest page AWeber answers. */
export const PAGE = 100;
/** At most this many pages per collection, so a runaway account cannot hold a request forever. */
const MAX_PAGES = 50;

export interface Collection<T> {
  entries?: T[];
  next_collection_link?: string;
}

export interface AWeberSubscriber {
  id: number | string;
  email: string;
  status?: string;
  tags?: string[];
  self_link?: string;
}

const bearer = async (ctx: ServiceContext) => ({ authorization: `Bearer ${await ctx.accessToken()}` });

/** One call from a check or a list route (errors are `ServiceError`s: 422 refused, 502 unreachable). */
export async function get<T>(ctx: ServiceContext, path: string, request: RawServiceRequest = {}): Promise<T> {
  return ctx.call<T>(ctx.url(`${AWEBER_API}${path}`), { ...request, headers: { ...(await bearer(ctx)), ...request.headers } });
}

/** Every entry of a collection, page by page. */
export async function readAll<T>(ctx: ServiceContext, path: string): Promise<T[]> {
  const entries: T[] = [];
  const join = path.includes("?") ? "&" : "?";
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = await get<Collection<T>>(ctx, `${path}${join}ws.start=${page * PAGE}&ws.size=${PAGE}`);
    const rows = body?.entries ?? [];
    entries.push(...rows);
    if (!body?.next_collection_link || rows.length < PAGE) break;
  }
  return entries;
}

/** The account Cuepoint works in: the one remembered at connection, else the grant's first. */
export async function accountId(ctx: ServiceContext): Promise<string> {
  if (ctx.meta.account_id) return ctx.meta.account_id;
  const { entries = [] } = await get<Collection<{ id: number | string }>>(ctx, "/accounts");
  const first = entries[0];
  if (first === undefined) throw new ServiceError(`${ctx.label} answered that this sign-in reaches no account.`, "refused");
  return String(first.id);
}

/** The lists and, per list, its tags (AWeber keeps tags per list: `GET …/lists/{id}/tags`). */
export async function listsAndTags(ctx: ServiceContext): Promise<{ lists: ServiceList[]; tags: ServiceList[] }> {
  const account = await accountId(ctx);
  const rows = await readAll<{ id: number | string; name: string }>(ctx, `/accounts/${account}/lists`);
  const lists = rows.map((row) => ({ id: String(row.id), name: row.name }));
  const tags: ServiceList[] = [];
  for (const list of lists) {
    const names = await get<string[]>(ctx, `/accounts/${account}/lists/${encodeURIComponent(list.id)}/tags`);
    for (const name of Array.isArray(names) ? names : []) tags.push({ id: name, name, listID: list.id });
  }
  return { lists, tags };
}

/** An action's calls to the account: `call(path)` under `/accounts/{id}`, the bearer token set. */
export interface AWeberPeer {
  label: string;
  account: string;
  call<T = unknown>(path: string, request?: PeerRequest): Promise<PeerAnswer<T>>;
}

export async function actionPeer(run: ActionRun): Promise<AWeberPeer> {
  const { service } = run;
  const token = await asAction(() => service.accessToken());
  const account = await asAction(() => accountId(service));
  const label = service.label;
  return {
    label,
    account,
    call: (path, request = {}) =>
      callPeer(label, service.url(`${AWEBER_API}/accounts/${account}${path}`), {
        ...request,
        headers: { authorization: `Bearer ${token}`, ...request.headers },
      }),
  };
}

/** The registrant on one list (`GET …/lists/{id}/subscribers?ws.op=find&email=`), or undefined. */
export async function findOnList(peer: AWeberPeer, list: string, email: string): Promise<AWeberSubscriber | undefined> {
  const query = new URLSearchParams({ "ws.op": "find", email });
  const { body } = await peer.call<Collection<AWeberSubscriber>>(`/lists/${encodeURIComponent(list)}/subscribers?${query}`);
  return body?.entries?.[0];
}

/** Where the registrant is a subscriber in the whole account (`GET /accounts/{id}?ws.op=findSubscribers`). */
export async function findEverywhere(peer: AWeberPeer, email: string): Promise<Array<{ list: string; id: string; status?: string }>> {
  const query = new URLSearchParams({ "ws.op": "findSubscribers", email });
  const { body } = await peer.call<Collection<AWeberSubscriber>>(`?${query}`);
  const found: Array<{ list: string; id: string; status?: string }> = [];
  for (const entry of body?.entries ?? []) {
    // The list is only named in the entry's link; only a link of this account is followed.
    const path = entry.self_link ? new URL(entry.self_link).pathname : "";
    const match = /\/accounts\/([^/]+)\/lists\/(\d+)\/subscribers\/(\d+)$/.exec(path);
    if (match?.[1] === peer.account && match[2] && match[3]) found.push({ list: match[2], id: match[3], status: entry.status });
  }
  return found;
}

/** The URL AWeber names a list by in a move (`list_link`): its own address, never a rebased one. */
export const listLink = (account: string, list: string) => `${AWEBER_API}/accounts/${account}/lists/${list}`;
