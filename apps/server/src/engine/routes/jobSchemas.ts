import * as v from "valibot";

/** The wire shapes of the host's job lists: a delivery-log line and a scheduled job, each readable (jobLabels.ts). */

/** One line of the delivery log as the API answers it. */
export const DeliverySchema = v.object({
  id: v.string(),
  scheduledActionId: v.string(),
  timelineId: v.string(),
  eventId: v.string(),
  registrantId: v.string(),
  nodeKey: v.string(),
  action: v.string(),
  outcome: v.picklist(["sent", "skipped", "failed", "dead", "deferred", "canceled"]),
  attempt: v.number(),
  detail: v.string(),
  dueAt: v.string(),
  at: v.string(),
  actionTitle: v.string(),
  registrantName: v.string(),
  registrantEmail: v.string(),
});

/** One scheduled job as the API answers it (the list, and a job sent again). */
export const ScheduledSchema = v.object({
  id: v.string(),
  timelineId: v.string(),
  eventId: v.string(),
  registrantId: v.string(),
  nodeKey: v.string(),
  action: v.string(),
  plannedAt: v.string(),
  dueAt: v.string(),
  status: v.picklist(["pending", "queued", "sent", "skipped", "dead", "canceled"]),
  attempts: v.number(),
  detail: v.string(),
  actionTitle: v.string(),
  registrantName: v.string(),
  registrantEmail: v.string(),
});
