import type { ServiceList } from "@cuepoint/sdk";
import { asAction } from "../../actions/errors.js";
import { callPeer, type PeerAnswer, type PeerRequest } from "../../actions/http.js";
import { ServiceError } from "../../serviceCall.js";
import type { ActionRun, ServiceContext } from "../types.js";

/**
 * Drip REST API v2 (https://api.getdrip.com/v2) with an OAuth token (`Authorization: Bearer`;
 * Drip's tokens do not expire), JSON bodies, and a `User-Agent` naming the app, as Drip asks.
 * Everything lives under an account id: the grant's first account, remembered as `account_id`
 * in the integration's meta when it connects. Collections are paged (`page`, `per_page` ≤ 1000,
 * `meta.total_pages`).
 */
export const DRIP_API = "https://api.getdrip.com/v2";
export const USER_AGENT = "Cuepoint (webinar automation)";
const PER_PAGE = 1000;
/** At most this many pages per collection, so a runaway account cannot hold a request forever. */
const MAX_PAGES = 20;

const headers = async (ctx: ServiceContext) => ({ authorization: `Bearer ${await ctx.accessToken()}`, "user-agent": USER_AGENT });

/** One call from a check or a list route (errors are `ServiceError`s: 422 refused, 502 unreachable). */
export async function get<T>(ctx: ServiceContext, path: string): Promise<T> {
  return ctx.call<T>(ctx.url(`${DRIP_API}${path}`), { headers: await headers(ctx) });
}

/** The account Cuepoint works in: the one remembered at connection, else the grant's first. */
export async function accountId(ctx: ServiceContext): Promise<string> {
  if (ctx.meta.account_id) return ctx.meta.account_id;
  const { accounts = [] } = await get<{ accounts?: Array<{ id: string | number }> }>(ctx, "/accounts");
  const first = accounts[0];
  if (first === undefined) throw new ServiceError(`${ctx.label} answered that this sign-in reaches no account.`, "refused");
  return String(first.id);
}

async function readAll(ctx: ServiceContext, path: string, key: "campaigns" | "workflows"): Promise<ServiceList[]> {
  const rows: ServiceList[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const body = await get<Record<string, unknown> & { meta?: { total_pages?: number } }>(ctx, `${path}?status=all&page=${page}&per_page=${PER_PAGE}`);
    const entries = Array.isArray(body?.[key]) ? (body[key] as Array<{ id: string | number; name: string; status?: string }>) : [];
    for (const entry of entries) rows.push({ id: String(entry.id), name: entry.name, ...(entry.status && { status: entry.status }) });
    if (page >= (body?.meta?.total_pages ?? 1)) break;
  }
  return rows;
}

/** `campaigns` (email series), `workflows` and the account's `tags` (names). */
export async function dripLists(ctx: ServiceContext): Promise<Record<"campaigns" | "workflows" | "tags", ServiceList[]>> {
  const account = await accountId(ctx);
  const campaigns = await readAll(ctx, `/${account}/campaigns`, "campaigns");
  const workflows = await readAll(ctx, `/${account}/workflows`, "workflows");
  const { tags = [] } = await get<{ tags?: string[] }>(ctx, `/${account}/tags`);
  return { campaigns, workflows, tags: tags.map((name) => ({ id: name, name })) };
}

/** An action's calls to the account: `call(path)` under `/v2/{account}`, token and User-Agent set. */
export interface DripPeer {
  label: string;
  call<T = unknown>(path: string, request?: PeerRequest): Promise<PeerAnswer<T>>;
}

export async function actionPeer(run: ActionRun): Promise<DripPeer> {
  const { service } = run;
  const token = await asAction(() => service.accessToken());
  const account = await asAction(() => accountId(service));
  return {
    label: service.label,
    call: (path, request = {}) =>
      callPeer(service.label, service.url(`${DRIP_API}/${account}${path}`), {
        ...request,
        headers: { authorization: `Bearer ${token}`, "user-agent": USER_AGENT, ...request.headers },
      }),
  };
}

/** The registrant as Drip's subscriber payload: email and the name split in two. */
export function subscriberOf(run: ActionRun): { email: string; first_name?: string; last_name?: string } {
  const [first = "", ...rest] = run.job.registrant.name.trim().split(/\s+/);
  return { email: run.job.registrant.email, ...(first && { first_name: first }), ...(rest.length > 0 && { last_name: rest.join(" ") }) };
}
