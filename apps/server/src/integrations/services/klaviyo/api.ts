import type { ServiceList } from "@cuepoint/sdk";
import { AccountsApi, ListsApi, ProfilesApi } from "klaviyo-api";
import type { ServiceContext } from "../types.js";
import { ExchangeSession, KLAVIYO_ORIGIN } from "./session.js";

/** Klaviyo answers at most 10 lists a page. */
const MAX_PAGES = 100;

export interface Klaviyo {
  accounts: AccountsApi;
  lists: ListsApi;
  profiles: ProfilesApi;
}

/**
 * Klaviyo's official client (`klaviyo-api`) for one integration, through {@link ExchangeSession}.
 * Its APIs build URLs on their `basePath` (Klaviyo's origin); the session sends each through
 * `ctx.url`, which rebases it by `CUEPOINT_KLAVIYO_BASE_URL`.
 */
export function klaviyo(ctx: ServiceContext): Klaviyo {
  const session = new ExchangeSession(ctx);
  const apis = { accounts: new AccountsApi(session), lists: new ListsApi(session), profiles: new ProfilesApi(session) };
  for (const api of Object.values(apis)) api.basePath = KLAVIYO_ORIGIN;
  return apis;
}

/** Every list of the account (`GET /api/lists`, cursor-paged through `links.next`). */
export async function readLists(ctx: ServiceContext): Promise<ServiceList[]> {
  const { lists } = klaviyo(ctx);
  const found: ServiceList[] = [];
  let pageCursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { body } = await lists.getLists({ fieldsList: ["name"], ...(pageCursor ? { pageCursor } : {}) });
    for (const list of body.data ?? []) found.push({ id: String(list.id), name: String(list.attributes?.name ?? "") });
    const next = body.links?.next;
    pageCursor = next ? (new URL(next).searchParams.get("page[cursor]") ?? undefined) : undefined;
    if (!pageCursor) break;
  }
  return found;
}
