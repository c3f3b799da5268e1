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
// Every method as a call function, `<group><Method>(client, ...args)`, for bundles that should hold
// only the calls they make: `webinarsList(createFetcher(options), query)` sends what
// `client.webinars.list(query)` sends. `client` is the core (`createFetcher`) or a whole client.
export type { CallOf, ClientLike } from "./route.js";
export { sessionLogin, sessionValidate, sessionLogout } from "./session.js";
export {
  accountResourceStatus, accountResourceHistory, accountUpdateUser, accountCheckPassword, accountPurchases,
  accountTermsOfService, accountForgotPassword, accountCheckForgotToken, accountChangePassword,
  accountConsentTerms, accountSetLevel, accountUpdateTheme, accountRefreshSupport, accountGetPlan,
  accountChangePlan, accountCancelPlan, accountUpdatePayment,
} from "./account.js";
export { tokensList, tokensCreate, tokensDelete, tokensScopes } from "./tokens.js";
export { bannerGet } from "./banner.js";
export {
  integrationsList, integrationsTest, integrationsGetLists, integrationsUsed, integrationsDelete,
  integrationsCheck, integrationsCreate, integrationsUpdate, integrationsAddData, integrationsSigningSecret,
  integrationsRotateSigningSecret, integrationsAddField, integrationsBulkTags, integrationsAddAutoField,
  integrationsCreateFbAudience, integrationsAddTag, integrationsDeleteNiftyImage, integrationsTestSmtp,
  integrationsSheets, integrationsAuthorizeURL, integrationsCompleteOAuth,
} from "./integrations.js";
export {
  webinarsList, webinarsListByTimeline, webinarsUpcoming, webinarsStatus, webinarsUpdateVisibility,
  webinarsGet, webinarsAgents, webinarsHosts, webinarsAddAgent, webinarsAddHost, webinarsRemoveAgent,
  webinarsRemoveHost, webinarsAddCoOrganizer, webinarsExport, webinarsCreate, webinarsReschedule,
  webinarsDelete, webinarsRecurring, webinarsDeleteRecurring, webinarsAttendance, webinarsBreakdown,
  webinarsDelivery, webinarsDeliveryYoutube,
} from "./webinars.js";
export {
  timelinesDelete, timelinesCheckIfUsed, timelinesGetGeneralSetting, timelinesCreateGeneralSetting,
  timelinesGlobalSetting, timelinesSetMaster, timelinesListMasters, timelinesRestore, timelinesShare,
  timelinesCopy, timelinesSetItem, timelinesCopySetting, timelinesSetEvents, timelinesGetEvents,
  timelinesGetCode, timelinesUploadAutoChatCsv, timelinesWizardTemplates, timelinesWizardTemplate,
  timelinesRevisions, timelinesRevision, timelinesRestoreRevision, timelinesPageCheck, timelinesJoinDomains,
} from "./timelines.js";
export { formsList, formsCreate, formsUpdate, formsDelete } from "./forms.js";
export { mediaList, mediaRename, mediaDelete, mediaCreateFolder, mediaStatus, mediaDownload } from "./media.js";
export { leadsList, leadsUpload, leadsBan, leadsDelete } from "./leads.js";
export { registrationConfig, registrationRegister } from "./registration.js";
export { roomGet, roomClickCta } from "./room.js";
export {
  roomChatSend, consoleGet, consoleSend, consoleAnswer, consoleDeleteMessage, consoleMute, consoleBan,
  consolePush, consoleStart, consoleEnd, consoleLive, consoleNewStreamKey,
} from "./roomConsole.js";
export {
  automationSettings, automationUpdateSettings, automationRecordAttendance, automationDeliveries,
  automationScheduled, automationScheduledActions, automationCancelScheduled, automationResendScheduled,
  automationSimulate, automationLiveScript, automationTestAutoresponder,
} from "./automation.js";
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
