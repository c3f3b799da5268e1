export { createClient, type Client } from "./createClient.js";
export {
  createFetcher,
  withData,
  type CallInit,
  type ClientOptions,
  type CuepointPromise,
  type Fetcher,
  type FetchLike,
  type Method,
  type Query,
} from "./createFetcher.js";
export { toForm, type FormValue } from "./form.js";
export { answer, type Answer } from "./answer.js";
export { downloadCsv, type DownloadCsvOptions } from "./downloadCsv.js";
export {
  AnalyticsTimeoutError,
  ApiError,
  CuepointError,
  NetworkError,
  PlanError,
  UnauthorizedError,
  isCuepointError,
} from "./errors.js";
export { PAYMENT_UPDATE_FAILED, PLAN_CANCEL_FAILED, PLAN_CHANGE_FAILED, type AccountResource } from "./account.js";
// The per-resource factories, for bundles that need only a few groups:
// `webinarsResource(createFetcher(options)).list()` leaves the other groups out.
export { session as sessionResource } from "./session.js";
export { account as accountResource } from "./account.js";
export { tokens as tokensResource } from "./tokens.js";
export { banner as bannerResource } from "./banner.js";
export { integrations as integrationsResource } from "./integrations.js";
export { webinars as webinarsResource } from "./webinars.js";
export { timelines as timelinesResource } from "./timelines.js";
export { forms as formsResource } from "./forms.js";
export { media as mediaResource } from "./media.js";
export { leads as leadsResource } from "./leads.js";
export { registration as registrationResource } from "./registration.js";
export { room as roomResource } from "./room.js";
export { roomChat as roomChatResource, roomConsole as consoleResource } from "./roomConsole.js";
export { automation as automationResource } from "./automation.js";
export type { SessionResource, SessionResult } from "./session.js";
export type { CreatedToken, TokensResource } from "./tokens.js";
export type { BannerResource } from "./banner.js";
export type { IntegrationsResource, ServiceList, SigningSecretAnswer } from "./integrations.js";
export type { AttendanceDay, AttendanceResult, EventPerson, WebinarsResource } from "./webinars.js";
export type { DeliveryLogLine, DeliverySessionPlatform, DeliverySessionStatus, WebinarDelivery, YouTubeBroadcastState } from "./delivery.js";
export type { TimelineRevision, TimelineRevisionDetail, TimelinesResource, WizardTemplate } from "./timelines.js";
export type { FormsResource } from "./forms.js";
export type { MediaResource, MediaStatus } from "./media.js";
export type { LeadsResource } from "./leads.js";
export type { RegistrationResource } from "./registration.js";
export type { RoomGetQuery, RoomResource } from "./room.js";
export type { ConsoleResource, RoomChatResource } from "./roomConsole.js";
export type {
  AutomationResource,
  AutomationSettings,
  AutoresponderTestSent,
  Delivery,
  LiveScript,
  ScheduledAction,
  ScheduledActionSummary,
  SimulatedAction,
} from "./automation.js";
export type { Ack, Page, Plan, ResourceHistoryEntry, Success, TokenScope } from "./types.js";
