import type { ServiceList } from "@cuepoint/sdk";
import { callPeer, type PeerAnswer, type PeerRequest } from "../../actions/http.js";
import { PermanentActionError } from "../../actions/types.js";
import type { ServiceContext } from "../types.js";

/**
 * iContact's REST API (version 2.2): `https://app.icontact.com/icp/a/{accountId}/c/{clientFolderId}/…`,
 * the application id, API username and API password in the `API-AppId`, `API-Username`,
 * `API-Password` headers with `API-Version: 2.2`, JSON both ways. Everything lives in a client
 * folder; the account's first one is used (an iContact account has one unless its owner made more).
 */
const ORIGIN = "https://app.icontact.com/icp";
const PAGE = 500;
const MAX_PAGES = 20;

const headers = (ctx: ServiceContext) => ({
  "API-Version": "2.2",
  "API-AppId": ctx.credentials.api_app_id ?? "",
  "API-Username": ctx.credentials.api_username ?? "",
  "API-Password": ctx.credentials.api_password ?? "",
});

const accountPath = (ctx: ServiceContext) => `/a/${encodeURIComponent(ctx.credentials.account_id ?? "")}`;

/** One call from a check or a list read (errors as ServiceError, iContact's words). */
export const icCall = <T>(ctx: ServiceContext, path: string): Promise<T> => ctx.call<T>(ctx.url(`${ORIGIN}${path}`), { headers: headers(ctx) });

/** One call from an action executor (errors as Retryable/PermanentActionError). */
export function icPeer<T = unknown>(ctx: ServiceContext, path: string, request: PeerRequest = {}): Promise<PeerAnswer<T>> {
  const { api_app_id, api_username, api_password, account_id } = ctx.credentials;
  if (!api_app_id || !api_username || !api_password || !account_id) {
    throw new PermanentActionError(`${ctx.label}: the integration needs its application id, API username, API password and account id.`);
  }
  return callPeer<T>(ctx.label, ctx.url(`${ORIGIN}${path}`), { ...request, headers: { ...headers(ctx), ...request.headers } });
}

interface Folders {
  clientfolders?: Array<{ clientFolderId?: number | string }>;
}

const firstFolder = (body: Folders | undefined, label: string): string => {
  const id = body?.clientfolders?.[0]?.clientFolderId;
  if (id === undefined) throw new PermanentActionError(`${label}: the iContact account has no client folder.`);
  return String(id);
};

/** `/a/{accountId}/c/{clientFolderId}` through a check's call (`GET /a/{accountId}/c/`). */
export async function folderPath(ctx: ServiceContext): Promise<string> {
  const body = await icCall<Folders>(ctx, `${accountPath(ctx)}/c/`);
  return `${accountPath(ctx)}/c/${encodeURIComponent(firstFolder(body, ctx.label))}`;
}

/** `/a/{accountId}/c/{clientFolderId}` through an executor's call. */
export async function folderPeerPath(ctx: ServiceContext): Promise<string> {
  const { body } = await icPeer<Folders>(ctx, `${accountPath(ctx)}/c/`);
  return `${accountPath(ctx)}/c/${encodeURIComponent(firstFolder(body, ctx.label))}`;
}

/** Every list of the client folder (`GET …/lists?limit=&offset=`), as `{ id, name }`. */
export async function readLists(ctx: ServiceContext): Promise<ServiceList[]> {
  const folder = await folderPath(ctx);
  const lists: ServiceList[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = await icCall<{ lists?: Array<{ listId: number | string; name?: string }>; total?: number }>(
      ctx,
      `${folder}/lists?limit=${PAGE}&offset=${page * PAGE}`,
    );
    for (const list of body?.lists ?? []) lists.push({ id: String(list.listId), name: String(list.name ?? "") });
    if ((body?.lists ?? []).length < PAGE || lists.length >= (body?.total ?? 0)) break;
  }
  return lists;
}
