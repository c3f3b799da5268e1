import * as v from "valibot";
import { TimestampSchema } from "../schemas/fields.js";

/** Ids come as numbers from some lists and strings from others; they are kept as strings. */
const IdSchema = /* @__PURE__ */ v.pipe(v.union([v.string(), v.number()]), v.transform(String));
/** A credential value as stored; a port may come back as a number. */
const CredentialValue = /* @__PURE__ */ v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String)));

/** One image of an image-service (NIFTYIMAGE) integration; fields beyond these are kept. */
export const NiftyImageEntrySchema = /* @__PURE__ */ v.looseObject({
  url: v.optional(v.string()),
  name: v.optional(v.string()),
});
export type NiftyImageEntry = v.InferOutput<typeof NiftyImageEntrySchema>;

/**
 * A connected integration as `POST /integration/get` lists it (spec §3 Integration).
 *
 * - `integrationid` is the id every call names as `integrationID`; some lists also carry
 *   `uniqueID`.
 * - `type` is the upper-case kind (see INTEGRATION_KINDS); unknown kinds still parse, so a new
 *   server-side kind does not break an older client.
 * - `connected` is true after a successful test (`POST /test/integration`), false otherwise.
 * - `images` is only on NIFTYIMAGE: a map of image key → image entry.
 * - `last_error` (design): the service's words from the last failed test, null once a test
 *   passes; `created_at`, `updated_at`: ISO timestamps.
 * - Credential fields are optional strings. The server never returns a secret in plain text:
 *   secret fields (see each kind's `credentials[].secret`) come back masked or absent, so a form
 *   must not send a masked value back as a new secret.
 *
 * @example
 * const integration = v.parse(IntegrationSchema, {
 *   integrationid: 42, name: "Main Zoom", type: "zoom", connected: 1,
 * });
 * integration.type; // "ZOOM"
 */
export const IntegrationSchema = /* @__PURE__ */ v.looseObject({
  integrationid: IdSchema,
  uniqueID: v.optional(IdSchema),
  name: v.string(),
  type: v.pipe(v.string(), v.toUpperCase()),
  connected: v.optional(
    v.pipe(
      v.union([v.boolean(), v.picklist([0, 1, "0", "1"])]),
      v.transform((c) => c === true || c === 1 || c === "1"),
    ),
    false,
  ),
  images: v.optional(v.record(v.string(), NiftyImageEntrySchema)),
  last_error: v.optional(v.nullable(v.string())),
  created_at: v.optional(TimestampSchema),
  updated_at: v.optional(TimestampSchema),
  api_key: CredentialValue,
  api_url: CredentialValue,
  api_secret: CredentialValue,
  aws_access_key_id: CredentialValue,
  aws_secret_access_key: CredentialValue,
  aws_region: CredentialValue,
  vendor_id: CredentialValue,
  domain: CredentialValue,
  defaultRedirect: CredentialValue,
  team_id: CredentialValue,
  secret: CredentialValue,
  api_app_id: CredentialValue,
  api_username: CredentialValue,
  api_password: CredentialValue,
  account_id: CredentialValue,
  private_api_key: CredentialValue,
  public_api_key: CredentialValue,
  api_pass: CredentialValue,
  api_domain: CredentialValue,
  accountType: CredentialValue,
  widgetID: CredentialValue,
  referenceID: CredentialValue,
  app_id: CredentialValue,
  rest_api_key: CredentialValue,
  username: CredentialValue,
  password: CredentialValue,
  subdomain: CredentialValue,
  hash_key: CredentialValue,
  address: CredentialValue,
  port: CredentialValue,
  fromEmail: CredentialValue,
  fromName: CredentialValue,
  sid: CredentialValue,
  token: CredentialValue,
  access_token: CredentialValue,
  key: CredentialValue,
});

/** A connected integration, as parsed by IntegrationSchema. */
export type Integration = v.InferOutput<typeof IntegrationSchema>;
