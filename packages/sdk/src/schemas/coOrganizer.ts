import * as v from "valibot";
import { EmailSchema } from "../rules/email/index.js";

/**
 * A co-organizer added to a webinar on the own event platform (spec §3, POST
 * /stream/webinar/coorganizer). Note the wire spelling `webinarId`/`tenantId`, unlike `webinarID`
 * elsewhere: the spec's names are the contract.
 *
 * @example
 * v.parse(CoOrganizerSchema, {
 *   webinarId: "w_1", tenantId: "t_1", name: "Grace", email: "grace@example.com",
 * });
 */
export const CoOrganizerSchema = /* @__PURE__ */ v.object({
  webinarId: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.string(),
    /* @__PURE__ */ v.nonEmpty("webinarId is required"),
  ),
  tenantId: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.string(),
    /* @__PURE__ */ v.nonEmpty("tenantId is required"),
  ),
  name: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.string(),
    /* @__PURE__ */ v.trim(),
    /* @__PURE__ */ v.nonEmpty("Name is required"),
  ),
  email: EmailSchema,
});

export type CoOrganizer = v.InferOutput<typeof CoOrganizerSchema>;
