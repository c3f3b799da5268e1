import type { ServiceList } from "@cuepoint/sdk";
import { asAction } from "../../actions/errors.js";
import { callPeer, type PeerAnswer, type PeerRequest } from "../../actions/http.js";
import type { ActionRun, ServiceContext } from "../types.js";

/**
 * Campaign Monitor API v3.3 (https://api.createsend.com/api/v3.3, the `.json` form of each
 * resource) with an OAuth token (`Authorization: Bearer`, refreshed by the service context).
 * A grant reaches an account with one or more clients; each client has its lists, and a
 * subscriber is one email on one list. Errors are `{ Code, Message }`.
 */
export const CM_API = "https://api.createsend.com/api/v3.3";

export interface CmList extends ServiceList {
  clientID: string;
}

const bearer = async (ctx: ServiceContext) => ({ authorization: `Bearer ${await ctx.accessToken()}` });

/** One call from a check or a list route (errors are `ServiceError`s: 422 refused, 502 unreachable). */
export async function get<T>(ctx: ServiceContext, path: string): Promise<T> {
  return ctx.call<T>(ctx.url(`${CM_API}${path}`), { headers: await bearer(ctx) });
}

/** The account's clients (`GET /clients.json`). */
export async function clients(ctx: ServiceContext): Promise<Array<{ ClientID: string; Name: string }>> {
  const body = await get<Array<{ ClientID: string; Name: string }>>(ctx, "/clients.json");
  return Array.isArray(body) ? body : [];
}

/** Every list of every client (`GET /clients/{id}/lists.json`), each with its client's id. */
export async function allLists(ctx: ServiceContext): Promise<CmList[]> {
  const lists: CmList[] = [];
  for (const client of await clients(ctx)) {
    const rows = await get<Array<{ ListID: string; Name: string }>>(ctx, `/clients/${encodeURIComponent(client.ClientID)}/lists.json`);
    for (const row of Array.isArray(rows) ? rows : []) lists.push({ id: row.ListID, name: row.Name, clientID: client.ClientID });
  }
  return lists;
}

/** An action's calls to Campaign Monitor, the bearer token set; its lists read on demand. */
export interface CmPeer {
  label: string;
  call<T = unknown>(path: string, request?: PeerRequest): Promise<PeerAnswer<T>>;
  lists(): Promise<CmList[]>;
}

export async function actionPeer(run: ActionRun): Promise<CmPeer> {
  const { service } = run;
  const token = await asAction(() => service.accessToken());
  return {
    label: service.label,
    call: (path, request = {}) =>
      callPeer(service.label, service.url(`${CM_API}${path}`), { ...request, headers: { authorization: `Bearer ${token}`, ...request.headers } }),
    lists: () => asAction(() => allLists(service)),
  };
}

/** Campaign Monitor's code for "Subscriber not in list". */
export const NOT_IN_LIST = 203;
