import type { IntegrationService } from "../types.js";
import { writableCalendars } from "./calendars.js";
import { sendInvite } from "./sendInvite.js";

/**
 * Google Calendar (OAuth, `calendar` scope), through Google's `@googleapis/calendar` client:
 * the check and the `calendars` list read the calendar list, `sendInvite` inserts an event.
 * See README.md.
 */
export const googleCalendarService: IntegrationService = {
  kinds: ["GOOGLECALENDAR"],
  async check(ctx) {
    const calendars = await writableCalendars(ctx);
    const count = `${calendars.length} calendar${calendars.length === 1 ? "" : "s"}`;
    return `Google Calendar answered: ${count} this account can add events to.`;
  },
  async lists(ctx) {
    return { calendars: await writableCalendars(ctx) };
  },
  actions: { sendInvite },
};
