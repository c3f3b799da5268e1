import type { IntegrationKind, RegistrantActionKey, ServiceList } from "@cuepoint/sdk";
import type { ActionContext, ActionJob, ActionOutcome } from "../actions/types.js";
import type { RawServiceRequest } from "../serviceCall.js";
import type { LoadedIntegration } from "../store.js";

/** Lists of a service by list name (`lists`, `tags`, `automations`, `audiences`…). */
export type ServiceLists = Record<string, ServiceList[]>;

/** What an adapter gets for one call: the credentials, and helpers bound to the kind. */
export interface ServiceContext {
  kind: IntegrationKind;
  /** The service's name for messages ("ActiveCampaign"). */
  label: string;
  /** Credential fields as text; for `/{kind}/check` also any other field of the body. */
  credentials: Record<string, string>;
  /** Provider facts kept beside the secrets (Mailchimp's `dc`…). */
  meta: Record<string, string>;
  /** Whether the integration holds an OAuth grant, so `accessToken()` has a token to give. */
  signedIn: boolean;
  /**
   * The saved integration's webhook signing secrets (WEBHOOK, ZAPIER) as deliveries use them now:
   * the current one, then a rotated-out one still in its grace period; empty when none or unsaved.
   */
  signingSecrets: readonly string[];
  /** The server's clock (the test clock in tests). */
  now(): Date;
  /** The OAuth access token, refreshed first when it has expired; throws when there is none. */
  accessToken(): Promise<string>;
  /** A vendor URL, rebased by `CUEPOINT_<KIND>_BASE_URL`. */
  url(vendorUrl: string): string;
  /** One call to the service; errors become the service's own words. */
  call<T = unknown>(url: string, request?: RawServiceRequest): Promise<T>;
}

/**
 * One service behind one interface. `check` is required (it backs `/{kind}/check` and
 * `/test/integration`); the rest are offered where the service has them, and the routes answer a
 * 400 saying what the kind supports where a service leaves one out (`requireOperation`).
 */
export interface IntegrationAdapter {
  /** Tries the credentials against the service; answers an optional note for the person. */
  check(ctx: ServiceContext): Promise<string | void>;
  /**
   * False for a check that cannot ask the service (the generic one): its pass never marks the
   * integration connected — `connected` says the service answered, not that a form is complete.
   */
  readonly verifies?: boolean;
  lists?(ctx: ServiceContext): Promise<ServiceLists>;
  addField?(ctx: ServiceContext, listID: string, name: string): Promise<void>;
  /** Adds the webinar fields (AUTO_FIELDS) missing on a list; answers the names added. */
  addAutoFields?(ctx: ServiceContext, listID: string): Promise<string[]>;
  addTag?(ctx: ServiceContext, listID: string, name: string): Promise<ServiceList>;
  createAudience?(ctx: ServiceContext, adAccountId: string, name: string): Promise<ServiceList>;
  deleteImage?(ctx: ServiceContext, imageKey: string): Promise<void>;
  worksheets?(ctx: ServiceContext, spreadsheetID: string): Promise<string[]>;
  headerRow?(ctx: ServiceContext, spreadsheetID: string, worksheet: string): Promise<string[]>;
  /** After an OAuth connection: provider facts to keep in `meta` (Mailchimp's data centre). */
  afterConnect?(ctx: ServiceContext): Promise<Record<string, string>>;
}

/**
 * The registrant fields `/{kind}/addautofield` creates on a list, so the service's emails can
 * carry the webinar's details. Our design (the spec names the call only): a label, and a tag of
 * at most 10 capitals (Mailchimp's merge-tag limit) that services use as the field's key.
 */
export const AUTO_FIELDS = [
  { name: "Webinar join link", tag: "JOINLINK" },
  { name: "Webinar replay link", tag: "REPLAYLINK" },
  { name: "Webinar date", tag: "WEBDATE" },
  { name: "Webinar time", tag: "WEBTIME" },
  { name: "Webinar time zone", tag: "WEBTZ" },
  { name: "Webinar subject", tag: "WEBSUBJECT" },
] as const;

/**
 * One carrying-out of a timeline action through a stored integration: the job, the engine's
 * context, the integration (loaded from the job's own account, secrets opened) and its service
 * context (rebased URLs, refreshed OAuth token, the service's name for messages).
 */
export interface ActionRun {
  job: ActionJob;
  engine: ActionContext;
  loaded: LoadedIntegration;
  service: ServiceContext;
}

/**
 * Carries out one action; answers `sent` (with the service's answer for the delivery log) or
 * `skipped` (with the reason), or throws RetryableActionError (network, timeout, 5xx, 408, 429 —
 * only where repeating the request is safe) / PermanentActionError (the service's refusal, in its
 * words, prefixed with its name).
 */
export type ActionExecutor = (run: ActionRun) => Promise<ActionOutcome>;

/**
 * A service: everything Cuepoint knows about one vendor, in one folder
 * (`services/<kind>/`): its connection check, its lists and list writes (the adapter operations),
 * and an executor for every action its SDK catalogue entry offers.
 */
export interface IntegrationService extends IntegrationAdapter {
  /** The kinds this service backs (WEBHOOK and ZAPIER share one). */
  readonly kinds: readonly IntegrationKind[];
  /** One executor per action key the catalogue offers for these kinds, but the engine's own below. */
  readonly actions: Readonly<Record<string, ActionExecutor>>;
  /**
   * The live-event kinds' registrant actions (encore, addEvent, deleteSystemWide): offered by these
   * kinds, carried out by the engine itself on Cuepoint's own data (engine/liveEvent/), never
   * through the service.
   */
  readonly engineActions?: readonly RegistrantActionKey[];
}
