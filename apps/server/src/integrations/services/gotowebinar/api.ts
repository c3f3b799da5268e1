import type { ServiceList } from "@cuepoint/sdk";
import { ServiceError } from "../../serviceCall.js";
import type { IntegrationAdapter, ServiceContext } from "../types.js";

/** GoTo's API host, rebased by `CUEPOINT_GOTOWEBINAR_BASE_URL`. */
const api = (ctx: ServiceContext, path: string) => ctx.url(`https://api.getgo.com${path}`);

interface GoToMe {
  key: string | number;
  email?: string;
  firstName?: string;
  lastName?: string;
}

type WebinarPage = {
  _embedded?: { webinars?: Array<{ webinarKey: string | number; subject?: string; times?: Array<{ startTime?: string }> }> };
  page?: { totalPages?: number };
};

/** How far ahead the webinars list looks (GoTo asks for a date range). */
const LIST_DAYS = 365;
const PAGE_SIZE = 200;

/** One call with the stored token; a refused token reads as what it is, whatever GoTo's body says. */
async function call<T>(ctx: ServiceContext, path: string): Promise<T> {
  const headers = { authorization: `Bearer ${await ctx.accessToken()}`, accept: "application/json" };
  try {
    return await ctx.call<T>(api(ctx, path), { headers });
  } catch (error) {
    if (error instanceof ServiceError && error.status === 401) {
      throw new ServiceError(`${ctx.label} answered: the sign-in is no longer accepted (HTTP 401); connect ${ctx.label} again.`, "refused", 401);
    }
    throw error;
  }
}

/** The signed-in user (`GET /admin/rest/v1/me`); their key is their organizer key. */
const me = (ctx: ServiceContext) => call<GoToMe>(ctx, "/admin/rest/v1/me");

const iso = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

/**
 * GoTo Webinar as a live-event kind: the check asks who the token signs in as; the list is the
 * organizer's webinars of the coming year (the sessions a timeline can be delivered through).
 */
export const gotoWebinar: IntegrationAdapter = {
  async check(ctx) {
    const user = await me(ctx);
    const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
    return `${ctx.label} answered: signed in as ${[name, user.email && `<${user.email}>`].filter(Boolean).join(" ") || String(user.key)}.`;
  },
  async lists(ctx) {
    const organizer = encodeURIComponent(String((await me(ctx)).key));
    const now = ctx.now();
    const range = `fromTime=${iso(now)}&toTime=${iso(new Date(now.getTime() + LIST_DAYS * 86_400_000))}`;
    const webinars: ServiceList[] = [];
    for (let page = 0, pages = 1; page < pages; page += 1) {
      const answer = await call<WebinarPage>(ctx, `/G2W/rest/v2/organizers/${organizer}/webinars?${range}&page=${page}&size=${PAGE_SIZE}`);
      for (const webinar of answer._embedded?.webinars ?? []) {
        const startTime = webinar.times?.[0]?.startTime;
        webinars.push({ id: String(webinar.webinarKey), name: webinar.subject ?? String(webinar.webinarKey), ...(startTime && { startTime }) });
      }
      pages = answer.page?.totalPages ?? 1;
    }
    return { webinars };
  },
};
