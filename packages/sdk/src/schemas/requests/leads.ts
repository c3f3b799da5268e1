import * as v from "valibot";
import { FormBooleanSchema, FormNumberSchema, IdSchema } from "./fields.js";

/**
 * `GET /registrants` query: a page (20 a page); `filter` is `all`, `banned`, or a search term
 * matched against name and email.
 */
export const ListLeadsQuerySchema = v.object({
  page: v.optional(FormNumberSchema),
  filter: v.optional(v.string()),
  /** Only the leads of this timeline (the webinar they registered for). */
  webinarTimeline: v.optional(IdSchema),
});
export type ListLeadsQuery = v.InferInput<typeof ListLeadsQuerySchema>;

/** `POST /registrants` (multipart): registrants of a timeline from a CSV file. */
export const UploadLeadsRequestSchema = v.object({
  webinarTimeline: IdSchema,
  csv: v.blob("Attach the CSV file."),
});
export type UploadLeadsRequest = v.InferInput<typeof UploadLeadsRequestSchema>;

/** `POST /registrants/ban`: bans a registrant (or lifts the ban with `banned: false`). */
export const BanLeadRequestSchema = v.object({
  uuid: IdSchema,
  banned: v.optional(FormBooleanSchema),
});
export type BanLeadRequest = v.InferInput<typeof BanLeadRequestSchema>;
