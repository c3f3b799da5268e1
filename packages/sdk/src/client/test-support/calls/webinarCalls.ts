import * as R from "../../../schemas/requests/index.js";
import { type CallRow } from "./types.js";

/** Webinar and analytics calls. */
export const webinarCalls: Record<string, CallRow> = {
  "webinars.list": {
    schema: R.ListWebinarsQuerySchema,
    call: (c) => c.webinars.list({ page: 1, type: "upcoming", sort: "date", direction: "asc", wtl: "t1", count: false }),
    method: "GET", path: "/webinars", encoding: "none",
    query: { page: "1", type: "upcoming", sort: "date", direction: "asc", wtl: "t1", count: "false" },
  },
  "webinars.listByTimeline": {
    schema: R.ListWebinarsQuerySchema,
    call: (c) => c.webinars.listByTimeline("t1", { type: "past", page: 3 }),
    method: "GET", path: "/webinars", query: { wtl: "t1", type: "past", page: "3" }, encoding: "none",
  },
  "webinars.upcoming": { call: (c) => c.webinars.upcoming(), method: "POST", path: "/webinar/upcoming", encoding: "none" },
  "webinars.status": { call: (c) => c.webinars.status(), method: "POST", path: "/webinar/status", encoding: "none" },
  "webinars.updateVisibility": {
    schema: R.UpdateWebinarRequestSchema,
    call: (c) => c.webinars.updateVisibility("w1", false),
    method: "POST", path: "/webinar/update", encoding: "json", body: { webinarID: "w1", blocks: { visible: false } },
  },
  "webinars.get": { call: (c) => c.webinars.get("w1"), method: "GET", path: "/webinars/w1", encoding: "none" },
  "webinars.agents": { call: (c) => c.webinars.agents("w1"), method: "GET", path: "/webinars/w1/agents", encoding: "none" },
  "webinars.hosts": { call: (c) => c.webinars.hosts("w1"), method: "GET", path: "/webinars/w1/hosts", encoding: "none" },
  "webinars.addAgent": {
    schema: R.EventPersonRequestSchema,
    call: (c) => c.webinars.addAgent("w1", { name: "Sam", email: "sam@example.com" }),
    method: "POST", path: "/webinars/w1/agents", encoding: "json", body: { name: "Sam", email: "sam@example.com" },
  },
  "webinars.addHost": {
    schema: R.EventPersonRequestSchema,
    call: (c) => c.webinars.addHost("w1", { name: "Ann", email: "ann@example.com" }),
    method: "POST", path: "/webinars/w1/hosts", encoding: "json", body: { name: "Ann", email: "ann@example.com" },
  },
  "webinars.removeAgent": {
    call: (c) => c.webinars.removeAgent("w1", "p1"), method: "DELETE", path: "/webinars/w1/agents/p1", encoding: "none",
  },
  "webinars.removeHost": {
    call: (c) => c.webinars.removeHost("w1", "p2"), method: "DELETE", path: "/webinars/w1/hosts/p2", encoding: "none",
  },
  "webinars.addCoOrganizer": {
    schema: R.AddCoOrganizerRequestSchema,
    call: (c) => c.webinars.addCoOrganizer({ webinarId: "w1", tenantId: "t9", name: "Bo", email: "bo@example.com" }),
    method: "POST", path: "/stream/webinar/coorganizer", encoding: "json",
    body: { webinarId: "w1", tenantId: "t9", name: "Bo", email: "bo@example.com" },
  },
  "webinars.export": {
    schema: R.ExportWebinarQuerySchema,
    call: (c) => c.webinars.export({ type: "registrants", webinarID: "w1" }),
    method: "GET", path: "/webinar/export", query: { type: "registrants", webinarID: "w1" }, encoding: "none",
    answer: { body: "email\na@b.co\n", contentType: "text/csv" },
  },
  "webinars.create": {
    schema: R.CreateWebinarRequestSchema,
    call: (c) => c.webinars.create({ webinarTimeline: "t1", start: "2025-03-01T18:00", timeZone: "Europe/Paris" }),
    method: "POST", path: "/webinar/create", encoding: "json",
    body: { webinarTimeline: "t1", start: "2025-03-01T18:00", timeZone: "Europe/Paris" },
  },
  "webinars.create (series: every, count)": {
    schema: R.CreateWebinarRequestSchema,
    call: (c) =>
      c.webinars.create({
        webinarTimeline: "t1", start: "2025-03-03T09:00", timeZone: "America/New_York", isRecurring: true,
        recurring: { days: [1, 3], until: "2025-06-30", count: 20, every: { value: 90, unit: "minutes" } },
      }),
    method: "POST", path: "/webinar/create", encoding: "json",
    body: {
      webinarTimeline: "t1", start: "2025-03-03T09:00", timeZone: "America/New_York", isRecurring: true,
      recurring: { days: [1, 3], until: "2025-06-30", count: 20, every: { value: 90, unit: "minutes" } },
    },
  },
  "webinars.reschedule": {
    schema: R.RescheduleWebinarRequestSchema,
    call: (c) => c.webinars.reschedule({ webinarID: "w1", startTime: "2026-05-11T10:00-07:00", timeZone: "America/Los_Angeles" }),
    method: "POST", path: "/webinar/reschedule", encoding: "json",
    body: { webinarID: "w1", startTime: "2026-05-11T10:00-07:00", timeZone: "America/Los_Angeles" },
  },
  "webinars.delete": {
    schema: R.DeleteWebinarRequestSchema,
    call: (c) => c.webinars.delete({ webinarID: "w1", isRecurring: true, uniqueID: "u1" }),
    method: "POST", path: "/webinar/delete", encoding: "multipart", body: { webinarID: "w1", isRecurring: "true", uniqueID: "u1" },
  },
  "webinars.delete (no uniqueID)": {
    schema: R.DeleteWebinarRequestSchema,
    call: (c) => c.webinars.delete({ webinarID: "w1", isRecurring: false }),
    method: "POST", path: "/webinar/delete", encoding: "multipart", body: { webinarID: "w1", isRecurring: "false" },
  },
  "webinars.recurring": { schema: R.RecurringQuerySchema, call: (c) => c.webinars.recurring(), method: "GET", path: "/recurring", query: {}, encoding: "none" },
  "webinars.recurring (wtl)": {
    schema: R.RecurringQuerySchema,
    call: (c) => c.webinars.recurring("t1"), method: "GET", path: "/recurring", query: { wtl: "t1" }, encoding: "none",
  },
  "webinars.deleteRecurring": {
    call: (c) => c.webinars.deleteRecurring("r1"), method: "DELETE", path: "/recurring/r1", encoding: "none",
  },
  "webinars.attendance": {
    schema: R.AttendanceRequestSchema,
    call: (c) => c.webinars.attendance({ webinarTimeline: "t1", period: "30d" }),
    method: "POST", path: "/analytics/attendance", encoding: "json", body: { webinarTimeline: "t1", period: "30d" },
    answer: { body: { registrants: 3 } },
  },
  "webinars.breakdown": {
    schema: R.BreakdownRequestSchema,
    call: (c) => c.webinars.breakdown("7d"), method: "POST", path: "/analytics/breakdown", encoding: "json", body: { period: "7d" },
    answer: { body: { registrants: 3, attendees: 1, nonAttendees: 2 } },
  },
  "webinars.delivery": { call: (c) => c.webinars.delivery("w1"), method: "GET", path: "/webinars/w1/delivery", encoding: "none" },
  "webinars.deliveryYoutube": {
    call: (c) => c.webinars.deliveryYoutube("w1"), method: "GET", path: "/webinars/w1/delivery/youtube", encoding: "none",
  },
};
