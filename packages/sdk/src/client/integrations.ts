import type { Integration, IntegrationKind } from "../integrations/index.js";
import type {
  AddFieldRequest,
  AddTagRequest,
  AddAutoFieldRequest,
  BulkTagsRequest,
  CreateFbAudienceRequest,
  Credentials,
  DeleteNiftyImageRequest,
  GetListsRequest,
  IntegrationBlocks,
  OAuthAuthorizeQuery,
  OAuthCallbackRequest,
  RotateSigningSecretRequest,
  SheetsQuery,
  SmtpCredentials,
} from "../schemas/requests/integrations.js";
import type { CuepointPromise, Fetcher } from "./createFetcher.js";
import { group } from "./group.js";
import { fetcherOf, route, type CallOf } from "./route.js";
import { toForm } from "./form.js";
import type { Ack, Success } from "./types.js";

/** The kind as it appears in paths: lower case (`/mailchimp/getlists`). */
type Kind = Lowercase<IntegrationKind> | (string & Record<never, never>);
type Id = string | number;

/** A list, tag, campaign... of the connected service, as `getlists` answers them. */
export interface ServiceList {
  id: string;
  name: string;
  [field: string]: unknown;
}

export interface IntegrationsResource {
  /** `POST /integration/get`: every integration, keyed by ID. @example const { success } = await client.integrations.list() */
  list(): CuepointPromise<Success<Record<string, Integration>>>;
  /**
   * `POST /test/integration`: rejects with an `ApiError` whose message is the server's.
   *
   * @example
   * const connected = await client.integrations.test(id).then(() => true, () => false)
   */
  test(integrationID: Id): CuepointPromise<Ack>;
  /** `POST /{kind}/getlists` (form). @example await client.integrations.getLists("mailchimp", { integrationID, refresh: true }) */
  getLists(kind: Kind, body: GetListsRequest): CuepointPromise<Success<ServiceList[] | Record<string, ServiceList[]>>>;
  /** `POST /integration/used`: the timelines using an integration. @example await client.integrations.used(id) */
  used(integrationID: Id): CuepointPromise<Success<Array<{ webinarTimeline: string; timelineName: string }>>>;
  /** `POST /integration/delete`: disconnects. @example await client.integrations.delete(id) */
  delete(integrationID: Id): CuepointPromise<Ack>;
  /** `POST /{kind}/check`: tries credentials before saving. @example await client.integrations.check("activecampaign", { api_url, api_key }) */
  check(kind: Kind, credentials: Credentials): CuepointPromise<Ack>;
  /** `POST /integration/create` (form, `blocks` as JSON). @example await client.integrations.create({ type: "SMTP", address, port }) */
  create(blocks: IntegrationBlocks): CuepointPromise<Success<Integration>>;
  /** `POST /integration/update` (form). @example await client.integrations.update(id, { api_key: "new" }) */
  update(integrationID: Id, blocks: Record<string, unknown>): CuepointPromise<Success<Integration>>;
  /** `POST /integration/adddata` (form, `type=encrypt`). @example await client.integrations.addData(id, { secret: "s" }) */
  addData(integrationID: Id, blocks: Record<string, unknown>): CuepointPromise<Success<Integration>>;
  /**
   * `POST /integration/signingsecret`: a WEBHOOK or ZAPIER integration's signing secret in full
   * (null when it has none and its deliveries go unsigned), and until when the previous one,
   * rotated out, still signs deliveries too (`previous_expires_at`, ISO; null when none does).
   *
   * @example
   * const { success } = await client.integrations.signingSecret(id); // { signing_secret: "whsec_…", previous_expires_at: null }
   */
  signingSecret(integrationID: Id): CuepointPromise<Success<{ signing_secret: string | null; previous_expires_at: string | null }>>;
  /**
   * `POST /integration/signingsecret/rotate`: replaces the signing secret with a new one and
   * answers it. The previous one keeps signing deliveries next to it (one `v1=` each) for
   * `expiresIn` hours (0–24, default 24; 0 drops it at once), so the receiver can switch.
   *
   * @example
   * const { success } = await client.integrations.rotateSigningSecret(id, { expiresIn: 1 });
   * // { signing_secret: "whsec_…", previous_expires_at: "2024-03-05T15:00:00.000Z" }
   */
  rotateSigningSecret(
    integrationID: Id,
    options?: Omit<RotateSigningSecretRequest, "integrationID">,
  ): CuepointPromise<Success<SigningSecretAnswer>>;
  /**
   * `POST /{kind}/addfield`: rejects with an `ApiError` whose message is the server's.
   *
   * @example
   * await client.integrations.addField("aweber", { integrationID, listID, name: "webinar_link" })
   */
  addField(kind: Kind, body: AddFieldRequest): CuepointPromise<Ack>;
  /** `POST /tags`: several tags at once. @example await client.integrations.bulkTags({ integrationID, tags: ["vip"] }) */
  bulkTags(body: BulkTagsRequest): CuepointPromise<Ack>;
  /** `POST /{kind}/addautofield` (form). @example await client.integrations.addAutoField("aweber", { integrationID, listID }) */
  addAutoField(kind: Kind, body: AddAutoFieldRequest): CuepointPromise<Ack>;
  /** `POST /fbaudience/audience/create` (form). @example await client.integrations.createFbAudience({ integrationID, adAccountId, name }) */
  createFbAudience(body: CreateFbAudienceRequest): CuepointPromise<Success<ServiceList>>;
  /** `POST /{kind}/addtag` (form); the name is lower-cased (spec §5). @example await client.integrations.addTag("drip", { integrationID, listID, name: "VIP" }) */
  addTag(kind: Kind, body: AddTagRequest): CuepointPromise<Success<ServiceList>>;
  /** `POST /niftyimage/delete`. @example await client.integrations.deleteNiftyImage({ integrationID, url }) */
  deleteNiftyImage(body: DeleteNiftyImageRequest): CuepointPromise<Ack>;
  /** `POST /test/smtp`: tries SMTP credentials. @example await client.integrations.testSmtp({ address: "smtp.example.com", port: 587 }) */
  testSmtp(credentials: SmtpCredentials): CuepointPromise<Ack>;
  /**
   * `GET /sheets/{integrationID}/{spreadsheetID}`: worksheets; with a worksheet: its header row.
   *
   * @example
   * const { success: worksheets } = await client.integrations.sheets(id, spreadsheetID)
   * const { success: headers } = await client.integrations.sheets(id, spreadsheetID, "Sheet1", { drive })
   */
  sheets(integrationID: Id, spreadsheetID: string, worksheet?: string, query?: SheetsQuery): CuepointPromise<Success<string[]>>;
  /**
   * `GET /oauth/{kind}/authorize` with `Accept: application/json`: the provider's consent page to
   * send the person to (without that header the server redirects there). The provider returns to
   * the dashboard's callback page (`oauthCallbackRoutes`), which finishes with `completeOAuth`.
   *
   * @example
   * const { success } = await client.integrations.authorizeURL("mailchimp", { name: "Newsletter" })
   * location.assign(success.url)
   */
  authorizeURL(kind: Kind, query?: OAuthAuthorizeQuery): CuepointPromise<Success<{ url: string }>>;
  /**
   * `POST /oauth/{kind}/callback`: passes the callback page's query on; the server exchanges the
   * code and answers the connected integration.
   *
   * @example
   * const params = Object.fromEntries(new URLSearchParams(location.search))
   * const { success: integration } = await client.integrations.completeOAuth("mailchimp", params)
   */
  completeOAuth(kind: Kind, params: OAuthCallbackRequest): CuepointPromise<Success<Integration>>;
}

/** A webhook integration's signing secret, and until when the previous one also signs (ISO, or null). */
export interface SigningSecretAnswer {
  signing_secret: string;
  previous_expires_at: string | null;
}

/** `POST /integration/get`: every integration, keyed by ID. @example const { success } = await integrationsList(client) */
export const integrationsList: CallOf<IntegrationsResource["list"]> = /* @__PURE__ */ route("POST /integration/get");

/**
 * `POST /test/integration`: rejects with an `ApiError` whose message is the server's.
 *
 * @example
 * const connected = await integrationsTest(client, id).then(() => true, () => false)
 */
export const integrationsTest: CallOf<IntegrationsResource["test"]> = /* @__PURE__ */ route("POST /test/integration =integrationID");

/** `POST /{kind}/getlists` (form). @example await integrationsGetLists(client, "mailchimp", { integrationID, refresh: true }) */
export const integrationsGetLists: CallOf<IntegrationsResource["getLists"]> = /* @__PURE__ */ route("POST /{kind}/getlists form", toForm);

/** `POST /integration/used`: the timelines using an integration. @example await integrationsUsed(client, id) */
export const integrationsUsed: CallOf<IntegrationsResource["used"]> = /* @__PURE__ */ route("POST /integration/used =integrationID");

/** `POST /integration/delete`: disconnects. @example await integrationsDelete(client, id) */
export const integrationsDelete: CallOf<IntegrationsResource["delete"]> = /* @__PURE__ */ route("POST /integration/delete =integrationID");

/** `POST /{kind}/check`: tries credentials before saving. @example await integrationsCheck(client, "activecampaign", { api_url, api_key }) */
export const integrationsCheck: CallOf<IntegrationsResource["check"]> = /* @__PURE__ */ route("POST /{kind}/check");

/** `POST /integration/create` (form, `blocks` as JSON). @example await integrationsCreate(client, { type: "SMTP", address, port }) */
export const integrationsCreate: CallOf<IntegrationsResource["create"]> = (client, blocks) =>
  fetcherOf(client)("POST", "/integration/create", toForm({ blocks }));

/** `POST /integration/update` (form). @example await integrationsUpdate(client, id, { api_key: "new" }) */
export const integrationsUpdate: CallOf<IntegrationsResource["update"]> = (client, integrationID, blocks) =>
  fetcherOf(client)("POST", "/integration/update", toForm({ integrationID, blocks }));

/** `POST /integration/adddata` (form, `type=encrypt`). @example await integrationsAddData(client, id, { secret: "s" }) */
export const integrationsAddData: CallOf<IntegrationsResource["addData"]> = (client, integrationID, blocks) =>
  fetcherOf(client)("POST", "/integration/adddata", toForm({ integrationID, type: "encrypt", blocks }));

/**
 * `POST /integration/signingsecret`: a WEBHOOK or ZAPIER integration's signing secret in full (null
 * when it has none and its deliveries go unsigned), and until when the previous one, rotated out,
 * still signs deliveries too (`previous_expires_at`, ISO; null when none does).
 *
 * @example
 * const { success } = await integrationsSigningSecret(client, id); // { signing_secret: "whsec_…", previous_expires_at: null }
 */
export const integrationsSigningSecret: CallOf<IntegrationsResource["signingSecret"]> = /* @__PURE__ */ route("POST /integration/signingsecret =integrationID");

/**
 * `POST /integration/signingsecret/rotate`: replaces the signing secret with a new one and answers
 * it. The previous one keeps signing deliveries next to it (one `v1=` each) for `expiresIn` hours
 * (0–24, default 24; 0 drops it at once), so the receiver can switch.
 *
 * @example
 * const { success } = await integrationsRotateSigningSecret(client, id, { expiresIn: 1 });
 * // { signing_secret: "whsec_…", previous_expires_at: "2024-03-05T15:00:00.000Z" }
 */
export const integrationsRotateSigningSecret: CallOf<IntegrationsResource["rotateSigningSecret"]> = (client, integrationID, options) =>
  fetcherOf(client)("POST", "/integration/signingsecret/rotate", { integrationID, ...options });

/**
 * `POST /{kind}/addfield`: rejects with an `ApiError` whose message is the server's.
 *
 * @example
 * await integrationsAddField(client, "aweber", { integrationID, listID, name: "webinar_link" })
 */
export const integrationsAddField: CallOf<IntegrationsResource["addField"]> = /* @__PURE__ */ route("POST /{kind}/addfield");

/** `POST /tags`: several tags at once. @example await integrationsBulkTags(client, { integrationID, tags: ["vip"] }) */
export const integrationsBulkTags: CallOf<IntegrationsResource["bulkTags"]> = /* @__PURE__ */ route("POST /tags");

/** `POST /{kind}/addautofield` (form). @example await integrationsAddAutoField(client, "aweber", { integrationID, listID }) */
export const integrationsAddAutoField: CallOf<IntegrationsResource["addAutoField"]> = /* @__PURE__ */ route("POST /{kind}/addautofield form", toForm);

/** `POST /fbaudience/audience/create` (form). @example await integrationsCreateFbAudience(client, { integrationID, adAccountId, name }) */
export const integrationsCreateFbAudience: CallOf<IntegrationsResource["createFbAudience"]> = /* @__PURE__ */ route("POST /fbaudience/audience/create form", toForm);

/**
 * `POST /{kind}/addtag` (form); the name is lower-cased (spec §5).
 *
 * @example
 * await integrationsAddTag(client, "drip", { integrationID, listID, name: "VIP" })
 */
export const integrationsAddTag: CallOf<IntegrationsResource["addTag"]> = (client, kind, body) =>
  fetcherOf(client)("POST", `/${kind}/addtag`, toForm({ ...body, name: body.name.toLowerCase() }));

/** `POST /niftyimage/delete`. @example await integrationsDeleteNiftyImage(client, { integrationID, url }) */
export const integrationsDeleteNiftyImage: CallOf<IntegrationsResource["deleteNiftyImage"]> = /* @__PURE__ */ route("POST /niftyimage/delete");

/** `POST /test/smtp`: tries SMTP credentials. @example await integrationsTestSmtp(client, { address: "smtp.example.com", port: 587 }) */
export const integrationsTestSmtp: CallOf<IntegrationsResource["testSmtp"]> = /* @__PURE__ */ route("POST /test/smtp");

/**
 * `GET /sheets/{integrationID}/{spreadsheetID}`: worksheets; with a worksheet: its header row.
 *
 * @example
 * const { success: worksheets } = await integrationsSheets(client, id, spreadsheetID)
 * const { success: headers } = await integrationsSheets(client, id, spreadsheetID, "Sheet1", { drive })
 */
export const integrationsSheets: CallOf<IntegrationsResource["sheets"]> = (client, integrationID, spreadsheetID, worksheet, query) =>
  fetcherOf(client)(
    "GET",
    `/sheets/${integrationID}/${encodeURIComponent(spreadsheetID)}${worksheet ? `/${encodeURIComponent(worksheet)}` : ""}`,
    query,
  );

/**
 * `GET /oauth/{kind}/authorize` with `Accept: application/json`: the provider's consent page to
 * send the person to (without that header the server redirects there). The provider returns to the
 * dashboard's callback page (`oauthCallbackRoutes`), which finishes with `completeOAuth`.
 *
 * @example
 * const { success } = await integrationsAuthorizeURL(client, "mailchimp", { name: "Newsletter" })
 * location.assign(success.url)
 */
export const integrationsAuthorizeURL: CallOf<IntegrationsResource["authorizeURL"]> = (client, kind, query) =>
  fetcherOf(client)("GET", `/oauth/${kind}/authorize`, query, { accept: "application/json" });

/**
 * `POST /oauth/{kind}/callback`: passes the callback page's query on; the server exchanges the code
 * and answers the connected integration.
 *
 * @example
 * const params = Object.fromEntries(new URLSearchParams(location.search))
 * const { success: integration } = await integrationsCompleteOAuth(client, "mailchimp", params)
 */
export const integrationsCompleteOAuth: CallOf<IntegrationsResource["completeOAuth"]> = /* @__PURE__ */ route("POST /oauth/{kind}/callback");

/** Third-party integrations (spec §7 "Integrations"). */
export const integrations = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): IntegrationsResource =>
  group<IntegrationsResource>(call, {
    list: integrationsList,
    test: integrationsTest,
    getLists: integrationsGetLists,
    used: integrationsUsed,
    delete: integrationsDelete,
    check: integrationsCheck,
    create: integrationsCreate,
    update: integrationsUpdate,
    addData: integrationsAddData,
    signingSecret: integrationsSigningSecret,
    rotateSigningSecret: integrationsRotateSigningSecret,
    addField: integrationsAddField,
    bulkTags: integrationsBulkTags,
    addAutoField: integrationsAddAutoField,
    createFbAudience: integrationsCreateFbAudience,
    addTag: integrationsAddTag,
    deleteNiftyImage: integrationsDeleteNiftyImage,
    testSmtp: integrationsTestSmtp,
    sheets: integrationsSheets,
    authorizeURL: integrationsAuthorizeURL,
    completeOAuth: integrationsCompleteOAuth,
  });
