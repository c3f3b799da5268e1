import * as v from "valibot";
import { TimestampSchema } from "./fields.js";

/**
 * A lead (registrant). The spec gives only `uuid` ("other fields are not shown"), so the object
 * is loose: fields beyond those below are kept as the server sends them. The fields our product
 * shows are typed: name, email, phone, the timeline (`webinarTimeline`) and event (`eventID`)
 * registered for, whether the lead is banned, when it registered, and its answers to the
 * registration form's custom fields. The email is not re-checked here: leads also come from
 * imported CSV files, and the registration request is where addresses are validated.
 *
 * @example
 * v.parse(LeadSchema, { uuid: "r_1", email: "ann@example.com", source: "csv" }).source; // "csv"
 */
export const LeadSchema = /* @__PURE__ */ v.looseObject({
  uuid: /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.nonEmpty("uuid is required")),
  name: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  email: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  phone: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  webinarTimeline: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  eventID: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  banned: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
  created_at: /* @__PURE__ */ v.optional(TimestampSchema),
  /** The webinar registered for, by name, with its event's start and zone when it has one (ours, for the leads list). */
  webinar: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.object({
      name: /* @__PURE__ */ v.string(),
      start: /* @__PURE__ */ v.optional(TimestampSchema),
      timeZone: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
    }),
  ),
  customFields: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.record(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.string()),
    () => ({}),
  ),
});

export type Lead = v.InferOutput<typeof LeadSchema>;
