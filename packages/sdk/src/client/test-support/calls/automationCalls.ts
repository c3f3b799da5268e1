import * as R from "../../../schemas/requests/index.js";
import type { CallRow } from "./types.js";

/** The automation engine's calls (design). */
export const automationCalls: Record<string, CallRow> = {
  "automation.settings": {
    schema: R.AutomationSettingsQuerySchema,
    call: (c) => c.automation.settings({ webinarTimeline: "tl1" }),
    method: "GET", path: "/automation/settings", query: { webinarTimeline: "tl1" }, encoding: "none",
  },
  "automation.updateSettings": {
    schema: R.AutomationSettingsRequestSchema,
    call: (c) => c.automation.updateSettings({ webinarTimeline: "tl1", catchUp: { mode: "skip", windowMinutes: 0 } }),
    method: "PUT", path: "/automation/settings", encoding: "json",
    body: { webinarTimeline: "tl1", catchUp: { mode: "skip", windowMinutes: 0 } },
  },
  "automation.recordAttendance": {
    schema: R.RecordAttendanceRequestSchema,
    call: (c) => c.automation.recordAttendance({ webinarID: "e1", uuid: "r1", attendedSeconds: 1800 }),
    method: "POST", path: "/automation/attendance", encoding: "json",
    body: { webinarID: "e1", uuid: "r1", attendedSeconds: 1800 },
  },
  "automation.deliveries": {
    schema: R.DeliveriesQuerySchema,
    call: (c) => c.automation.deliveries({ uuid: "r1", page: 2 }),
    method: "GET", path: "/automation/deliveries", query: { uuid: "r1", page: "2" }, encoding: "none",
  },
  "automation.scheduled": {
    schema: R.ScheduledQuerySchema,
    call: (c) => c.automation.scheduled({ webinarID: "e1", status: "waiting" }),
    method: "GET", path: "/automation/scheduled", query: { webinarID: "e1", status: "waiting" }, encoding: "none",
  },
  "automation.scheduledActions": {
    schema: R.ScheduledActionsQuerySchema,
    call: (c) => c.automation.scheduledActions({ webinarTimeline: "tl1" }),
    method: "GET", path: "/automation/scheduled/actions", query: { webinarTimeline: "tl1" }, encoding: "none",
  },
  "automation.cancelScheduled": {
    schema: R.CancelScheduledRequestSchema,
    call: (c) => c.automation.cancelScheduled({ webinarID: "e1", nodeKey: "n1" }),
    method: "POST", path: "/automation/scheduled/cancel", encoding: "json",
    body: { webinarID: "e1", nodeKey: "n1" },
  },
  "automation.resendScheduled": {
    schema: R.ResendScheduledRequestSchema,
    call: (c) => c.automation.resendScheduled({ webinarID: "e1", nodeKey: "n1", uuid: "r1" }),
    method: "POST", path: "/automation/scheduled/resend", encoding: "json",
    body: { webinarID: "e1", nodeKey: "n1", uuid: "r1" },
  },
  "automation.simulate": {
    schema: R.SimulateRequestSchema,
    call: (c) => c.automation.simulate({ webinarTimeline: "tl1", webinarID: "e1", timeZone: "Europe/Berlin" }),
    method: "POST", path: "/automation/simulate", encoding: "json",
    body: { webinarTimeline: "tl1", webinarID: "e1", timeZone: "Europe/Berlin" },
  },
  "automation.liveScript": {
    schema: R.LiveScriptQuerySchema,
    call: (c) => c.automation.liveScript({ webinarID: "e1" }),
    method: "GET", path: "/automation/livescript", query: { webinarID: "e1" }, encoding: "none",
  },
  "automation.testAutoresponder": {
    schema: R.AutoresponderTestRequestSchema,
    call: (c) => c.automation.testAutoresponder({ webinarTimeline: "tl1", subject: "Hi {first_name}", body: "See you", integrationID: "i1" }),
    method: "POST", path: "/automation/autoresponder/test", encoding: "json",
    body: { webinarTimeline: "tl1", subject: "Hi {first_name}", body: "See you", integrationID: "i1" },
  },
};
