import type { ServiceList } from "@cuepoint/sdk";
import { ServiceError } from "../../serviceCall.js";
import type { IntegrationAdapter, ServiceContext, ServiceLists } from "../types.js";

/** Zoom's REST API v2 (README.md), rebased by `CUEPOINT_ZOOM_BASE_URL` / `…_ZOOMAUTOCHAT_…`. */
const api = (ctx: ServiceContext, path: string) => ctx.url(`https://api.zoom.us/v2${path}`);
const bearer = async (ctx: ServiceContext) => ({ authorization: `Bearer ${await ctx.accessToken()}` });

interface ZoomUser {
  id: string;
  email?: string;
  display_name?: string;
  first_name?: string;
  last_name?: string;
}

type ZoomItem = { id: number | string; topic?: string; start_time?: string };
type ZoomPage = { next_page_token?: string } & Partial<Record<"meetings" | "webinars", ZoomItem[]>>;

/** Pages through one of the signed-in user's lists (Zoom's `next_page_token`), 300 at a time. */
async function everyPage(ctx: ServiceContext, key: "meetings" | "webinars", query: string): Promise<ServiceList[]> {
  const found: ServiceList[] = [];
  let token = "";
  do {
    const url = api(ctx, `/users/me/${key}?${query}page_size=300${token ? `&next_page_token=${encodeURIComponent(token)}` : ""}`);
    const answer = await ctx.call<ZoomPage>(url, { headers: await bearer(ctx) });
    for (const item of answer[key] ?? []) {
      found.push({ id: String(item.id), name: item.topic ?? String(item.id), ...(item.start_time && { startTime: item.start_time }) });
    }
    token = answer.next_page_token ?? "";
  } while (token);
  return found;
}

/** The user the stored token signs in as: `GET /v2/users/me`. */
async function check(ctx: ServiceContext): Promise<string> {
  const me = await ctx.call<ZoomUser>(api(ctx, "/users/me"), { headers: await bearer(ctx) });
  const name = me.display_name || [me.first_name, me.last_name].filter(Boolean).join(" ");
  return `${ctx.label} answered: signed in as ${[name, me.email && `<${me.email}>`].filter(Boolean).join(" ") || me.id}.`;
}

/** The user's upcoming meetings (the meeting an auto-chat posts into). */
const meetings = (ctx: ServiceContext) => everyPage(ctx, "meetings", "type=upcoming&");

/**
 * Zoom as a live-event kind: the check, and the user's webinars and upcoming meetings (the
 * sessions a timeline can be delivered through). An account without Zoom's webinar plan has no
 * webinars: Zoom's documented refusal for it reads as an empty list, not as a failed connection.
 */
export const zoom: IntegrationAdapter = {
  check,
  async lists(ctx): Promise<ServiceLists> {
    let webinars: ServiceList[] = [];
    try {
      webinars = await everyPage(ctx, "webinars", "");
    } catch (error) {
      if (!(error instanceof ServiceError && error.status === 400 && /webinar plan is missing/i.test(error.message))) throw error;
    }
    return { webinars, meetings: await meetings(ctx) };
  },
};

/** Zoom auto-chat (the same Zoom sign-in): the check, and the upcoming meetings it can post into. */
export const zoomAutoChat: IntegrationAdapter = {
  check,
  async lists(ctx): Promise<ServiceLists> {
    return { meetings: await meetings(ctx) };
  },
};
