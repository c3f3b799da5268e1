import type { ServiceList } from "@cuepoint/sdk";
import type { ServiceContext } from "../types.js";

/** ManyChat's Page API origin; `CUEPOINT_MANYCHAT_BASE_URL` rebases it. */
export const MANYCHAT_API = "https://api.manychat.com";

/** Every answer of the Page API: `{ status: "success", data }`, or `status: "error"` with a message. */
export interface ManyChatAnswer<T> {
  status?: string;
  message?: string;
  data?: T;
}

/** The Page API's authorization: the page's API key as a Bearer token. */
export const bearer = (apiKey: string) => ({ authorization: `Bearer ${apiKey.trim()}` });

/** One GET of the Page API for the routes (errors as `ServiceError`s in ManyChat's words). */
export async function pageGet<T>(ctx: ServiceContext, path: string): Promise<T | undefined> {
  const answer = await ctx.call<ManyChatAnswer<T>>(ctx.url(`${MANYCHAT_API}${path}`), { headers: bearer(ctx.credentials.api_key ?? "") });
  return answer?.data;
}

interface Flow {
  ns?: string;
  name?: string;
}

/** The page's tags (`GET /fb/page/getTags`) and flows (`GET /fb/page/getFlows`), as the action dialog picks them. */
export async function pageLists(ctx: ServiceContext): Promise<{ tags: ServiceList[]; flows: ServiceList[] }> {
  const tags = (await pageGet<Array<{ id?: number | string; name?: string }>>(ctx, "/fb/page/getTags")) ?? [];
  const flows = (await pageGet<{ flows?: Flow[] }>(ctx, "/fb/page/getFlows"))?.flows ?? [];
  return {
    tags: tags.filter((tag) => tag.id !== undefined).map((tag) => ({ id: String(tag.id), name: tag.name ?? String(tag.id) })),
    flows: flows.filter((flow): flow is Required<Flow> => Boolean(flow.ns)).map((flow) => ({ id: flow.ns, name: flow.name || flow.ns })),
  };
}
