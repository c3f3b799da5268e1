import type { ServiceList } from "@cuepoint/sdk";
import type { ServiceContext } from "../types.js";
import { calendarApi, forRoute } from "./api.js";

/** Google's page size limit for the calendar list (CalendarList: list, `maxResults`). */
const PAGE = 250;
/** A bound on the pages read: 20 × 250 calendars is far beyond any person's list. */
const MAX_PAGES = 20;

/**
 * The calendars of the connected Google account that events can be added to
 * (`minAccessRole=writer`: owners and writers), read page by page; a calendar's own name for
 * the person (`summaryOverride`) wins over its shared name.
 *
 * @example
 * await writableCalendars(ctx); // [{ id: "primary@example.com", name: "Ada", primary: true }, ...]
 */
export async function writableCalendars(ctx: ServiceContext): Promise<ServiceList[]> {
  const api = await calendarApi(ctx);
  const calendars: ServiceList[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { data } = await forRoute(ctx, () =>
      api.calendarList.list({ minAccessRole: "writer", maxResults: PAGE, ...(pageToken && { pageToken }) }),
    );
    for (const entry of data.items ?? []) {
      if (!entry.id) continue;
      calendars.push({ id: entry.id, name: entry.summaryOverride || entry.summary || entry.id, ...(entry.primary && { primary: true }) });
    }
    pageToken = data.nextPageToken ?? undefined;
    if (!pageToken) break;
  }
  return calendars;
}
