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

/** Third-party integrations (spec §7 "Integrations"). */
export const integrations = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): IntegrationsResource =>
  group<IntegrationsResource>(call, {
    list: "POST /integration/get",
    test: "POST /test/integration =integrationID",
    getLists: "POST /{kind}/getlists form",
    used: "POST /integration/used =integrationID",
    delete: "POST /integration/delete =integrationID",
    check: "POST /{kind}/check",
    create: (blocks) => call("POST", "/integration/create", toForm({ blocks })),
    update: (integrationID, blocks) => call("POST", "/integration/update", toForm({ integrationID, blocks })),
    addData: (integrationID, blocks) =>
      call("POST", "/integration/adddata", toForm({ integrationID, type: "encrypt", blocks })),
    signingSecret: "POST /integration/signingsecret =integrationID",
    rotateSigningSecret: (integrationID, options) =>
      call("POST", "/integration/signingsecret/rotate", { integrationID, ...options }),
    addField: "POST /{kind}/addfield",
    bulkTags: "POST /tags",
    addAutoField: "POST /{kind}/addautofield form",
    createFbAudience: "POST /fbaudience/audience/create form",
    addTag: (kind, body) => call("POST", `/${kind}/addtag`, toForm({ ...body, name: body.name.toLowerCase() })),
    deleteNiftyImage: "POST /niftyimage/delete",
    testSmtp: "POST /test/smtp",
    sheets: (integrationID, spreadsheetID, worksheet, query) =>
      call(
        "GET",
        `/sheets/${integrationID}/${encodeURIComponent(spreadsheetID)}${worksheet ? `/${encodeURIComponent(worksheet)}` : ""}`,
        query,
      ),
    authorizeURL: (kind, query) => call("GET", `/oauth/${kind}/authorize`, query, { accept: "application/json" }),
    completeOAuth: "POST /oauth/{kind}/callback",
  }, toForm);
