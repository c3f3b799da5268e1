import * as v from "valibot";
import { text, TEXT_LIMITS } from "../text.js";
import { IdSchema } from "./fields.js";

/**
 * `POST /automation/autoresponder/test`: "send me a test" of one message as the editor shows it
 * (saved or not) to the host's own address, through `integrationID` (an SMTP integration of the
 * account; absent or "": the one the autoresponder would use), merge tags filled for the sample
 * registrant (`SAMPLE_REGISTRANT`) of the timeline's next event.
 *
 * @example
 * v.parse(AutoresponderTestRequestSchema, { webinarTimeline: "tl1", subject: "Hi {first_name}", body: "See you {event_day}" });
 */
export const AutoresponderTestRequestSchema = v.object({
  webinarTimeline: IdSchema,
  subject: v.pipe(text(TEXT_LIMITS.title), v.trim(), v.nonEmpty("Write a subject to test.")),
  body: v.pipe(text(TEXT_LIMITS.body), v.check((body) => body.trim() !== "", "Write a body to test.")),
  integrationID: v.optional(text(TEXT_LIMITS.name), ""),
});
export type AutoresponderTestRequest = v.InferInput<typeof AutoresponderTestRequestSchema>;
