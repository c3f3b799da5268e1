import type { Lead } from "@cuepoint/sdk";
import type { RegistrantRow } from "../db/schema/index.js";
import type { LeadWebinar } from "./leadWebinars.js";

/**
 * A registrant as the leads list sends it: the SDK's `Lead` (spec §3 gives only `uuid`; the rest is
 * ours) plus `source` (form, csv or demo), which the loose `LeadSchema` keeps. `eventID` is left
 * out for imported leads, which have no event; `webinar` names what the lead registered for (leadWebinars).
 */
export const leadToWire = (row: RegistrantRow, webinar?: LeadWebinar): Lead & { source: string } => ({
  uuid: row.uuid,
  name: row.name,
  email: row.email,
  phone: row.phone,
  webinarTimeline: row.timelineId,
  ...(row.eventId !== null && { eventID: row.eventId }),
  ...(webinar && { webinar }),
  banned: row.banned,
  created_at: row.createdAt.toISOString(),
  customFields: row.customFields,
  source: row.source,
});
