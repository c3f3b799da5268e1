import * as v from "valibot";
import { text, TEXT_LIMITS } from "../text.js";
import { FormBooleanSchema, IdSchema, RecordSchema, jsonField, requiredText } from "./fields.js";

/**
 * Credentials of one integration kind, keyed by the spec's credential field names (`api_key`,
 * `api_url`, `address`, `port`, `accountType`...). Which ones a kind needs is the rules' business;
 * the wire accepts any named values.
 *
 * As the body of `POST /{kind}/check` it may also carry:
 * - `integrationID`: the saved integration being edited; masked values (`••••1234`) are then
 *   taken from it instead of being tried as typed;
 * - `webhook` (or `url`), for WEBHOOK and ZAPIER, which have no credentials: the address the
 *   check posts a sample payload to. Without one the check only says there is nothing to connect.
 *
 * @example
 * await client.integrations.check("webhook", { webhook: "https://hooks.example.com/cuepoint" })
 */
export const CredentialsSchema = v.record(
  v.string(),
  v.union([text(TEXT_LIMITS.description), v.number(), v.boolean()]),
);
export type Credentials = v.InferInput<typeof CredentialsSchema>;

/** `blocks` of a new integration: its upper-case `type` (kind), an optional label, credentials. */
export const IntegrationBlocksSchema = v.looseObject({
  type: requiredText("Choose the integration type."),
  name: v.optional(text(TEXT_LIMITS.name)),
});
export type IntegrationBlocks = v.InferInput<typeof IntegrationBlocksSchema>;

/** `POST /{kind}/getlists` (form or JSON): `refresh` bypasses the server's cached lists. */
export const GetListsRequestSchema = v.object({
  integrationID: IdSchema,
  refresh: v.optional(FormBooleanSchema),
});
export type GetListsRequest = v.InferInput<typeof GetListsRequestSchema>;

/** `POST /integration/create` (form): `blocks` as JSON text. */
export const CreateIntegrationRequestSchema = v.object({
  blocks: jsonField(IntegrationBlocksSchema),
});
export type CreateIntegrationRequest = v.InferInput<typeof CreateIntegrationRequestSchema>;

/** `POST /integration/update` (form): the fields of `blocks` replace the stored ones. */
export const UpdateIntegrationRequestSchema = v.object({
  integrationID: IdSchema,
  blocks: jsonField(RecordSchema),
});
export type UpdateIntegrationRequest = v.InferInput<typeof UpdateIntegrationRequestSchema>;

/** `POST /integration/adddata` (form): extra data stored encrypted (`type` is always `encrypt`). */
export const AddDataRequestSchema = v.object({
  integrationID: IdSchema,
  type: v.literal("encrypt"),
  blocks: jsonField(RecordSchema),
});
export type AddDataRequest = v.InferInput<typeof AddDataRequestSchema>;

/**
 * How many hours a rotated-out signing secret keeps signing deliveries alongside the new one, by
 * default and at most: 24 (as Stripe allows), so receivers can switch without missing one.
 */
export const SIGNING_SECRET_GRACE_HOURS = 24;

const EXPIRES_IN_RULE = `Keep the previous secret for a whole number of hours from 0 to ${SIGNING_SECRET_GRACE_HOURS}.`;

/**
 * `POST /integration/signingsecret/rotate` (JSON, design): `expiresIn` is how many hours the
 * previous secret keeps signing next to the new one (whole hours, 0–24, default 24); 0 drops it
 * at once.
 *
 * @example
 * v.parse(RotateSigningSecretRequestSchema, { integrationID: "i1" }); // { integrationID: "i1", expiresIn: 24 }
 * v.parse(RotateSigningSecretRequestSchema, { integrationID: "i1", expiresIn: 0 }); // drops the old secret now
 */
export const RotateSigningSecretRequestSchema = v.object({
  integrationID: IdSchema,
  expiresIn: v.optional(
    v.pipe(
      v.number(EXPIRES_IN_RULE),
      v.integer(EXPIRES_IN_RULE),
      v.minValue(0, EXPIRES_IN_RULE),
      v.maxValue(SIGNING_SECRET_GRACE_HOURS, EXPIRES_IN_RULE),
    ),
    SIGNING_SECRET_GRACE_HOURS,
  ),
});
export type RotateSigningSecretRequest = v.InferInput<typeof RotateSigningSecretRequestSchema>;

/** `POST /{kind}/addfield` (JSON): a custom field on a list of the service. */
export const AddFieldRequestSchema = v.object({
  integrationID: IdSchema,
  listID: IdSchema,
  name: requiredText("Enter the field name."),
});
export type AddFieldRequest = v.InferInput<typeof AddFieldRequestSchema>;

/** A tag name; lower-cased before it is added (spec §5). */
const TagNameSchema = v.pipe(requiredText("Enter the tag name."), v.toLowerCase());

/** `POST /tags` (JSON): several tags added to an integration at once. */
export const BulkTagsRequestSchema = v.object({
  integrationID: IdSchema,
  tags: v.pipe(v.array(TagNameSchema), v.minLength(1, "Add at least one tag.")),
});
export type BulkTagsRequest = v.InferInput<typeof BulkTagsRequestSchema>;

/** `POST /{kind}/addautofield` (form): the service's automatic webinar fields on a list. */
export const AddAutoFieldRequestSchema = v.object({ integrationID: IdSchema, listID: IdSchema });
export type AddAutoFieldRequest = v.InferInput<typeof AddAutoFieldRequestSchema>;

/** `POST /fbaudience/audience/create` (form): a custom audience in an ad account. */
export const CreateFbAudienceRequestSchema = v.object({
  integrationID: IdSchema,
  adAccountId: IdSchema,
  name: requiredText("Enter the audience name."),
});
export type CreateFbAudienceRequest = v.InferInput<typeof CreateFbAudienceRequestSchema>;

/** `POST /{kind}/addtag` (form): one tag, lower-cased. */
export const AddTagRequestSchema = v.object({
  integrationID: IdSchema,
  listID: IdSchema,
  name: TagNameSchema,
});
export type AddTagRequest = v.InferInput<typeof AddTagRequestSchema>;

/** `POST /niftyimage/delete` (JSON): one image of the image service, by its URL. */
export const DeleteNiftyImageRequestSchema = v.object({
  integrationID: IdSchema,
  url: v.pipe(v.string(), v.url("Expected the image URL.")),
});
export type DeleteNiftyImageRequest = v.InferInput<typeof DeleteNiftyImageRequestSchema>;

/** `POST /test/smtp` (JSON): SMTP credentials, tried without being stored. */
export const SmtpCredentialsSchema = v.looseObject({
  /** The SMTP host. */
  address: requiredText("Enter the SMTP host."),
  port: v.union([v.number(), requiredText("Enter the SMTP port.")]),
  username: v.optional(v.string()),
  password: v.optional(v.string()),
});
export type SmtpCredentials = v.InferInput<typeof SmtpCredentialsSchema>;

/** `GET /sheets/{integrationID}/{spreadsheetID}[/{worksheet}]` query: a shared drive to look in. */
export const SheetsQuerySchema = v.object({ drive: v.optional(v.string()) });
export type SheetsQuery = v.InferInput<typeof SheetsQuerySchema>;

/**
 * `GET /oauth/{kind}/authorize` query (design): starts connecting a kind that signs in on the
 * provider's page. `integrationID` reconnects that integration (new tokens) instead of adding one;
 * `name` labels the new integration (default: the kind's label).
 */
export const OAuthAuthorizeQuerySchema = v.object({
  integrationID: v.optional(IdSchema),
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, "The name is at most 200 characters."))),
});
export type OAuthAuthorizeQuery = v.InferInput<typeof OAuthAuthorizeQuerySchema>;

/**
 * `POST /oauth/{kind}/callback` (design): the query the provider sent to the dashboard's callback
 * page (spec §2, `oauthCallbackRoutes`), passed on as JSON: `code` (+ `state`; `scope` for Keap),
 * or `AccountSid` for Twilio Connect; `error` (+ `error_description`) when the person declined.
 * Other parameters are kept.
 */
export const OAuthCallbackRequestSchema = v.looseObject({
  code: v.optional(v.string()),
  state: v.optional(v.string()),
  scope: v.optional(v.string()),
  AccountSid: v.optional(v.string()),
  error: v.optional(v.string()),
  error_description: v.optional(v.string()),
});
export type OAuthCallbackRequest = v.InferInput<typeof OAuthCallbackRequestSchema>;
