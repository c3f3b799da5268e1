import type { IntegrationKind } from "@cuepoint/sdk";
import { activeCampaignService } from "./activecampaign/index.js";
import { amazonSesService } from "./amazonses/index.js";
import { clickSendService } from "./clicksend/index.js";
import { domainService } from "./domain/index.js";
import { dropCowboyService } from "./dropcowboy/index.js";
import { facebookService } from "./facebook/index.js";
import { generic } from "./generic.js";
import { googleCalendarService } from "./googlecalendar/index.js";
import { googleSheetsService } from "./googlesheets/index.js";
import { gotoWebinarService } from "./gotowebinar/index.js";
import { hubspotService } from "./hubspot/index.js";
import { LIVE_EVENT_SERVICES } from "./liveevent/index.js";
import { infusionsoftService } from "./infusionsoft/index.js";
import { mailchimpService } from "./mailchimp/index.js";
import { manyChatService } from "./manychat/index.js";
import { mailgunService } from "./mailgun/index.js";
import { mauticService } from "./mautic/index.js";
import { niftyImageService } from "./niftyimage/index.js";
import { oneSignalService } from "./onesignal/index.js";
import { ontraportService } from "./ontraport/index.js";
import { salesmessageService } from "./salesmessage/index.js";
import { slackService } from "./slack/index.js";
import { smtpService } from "./smtp/index.js";
import { twilioService } from "./twilio/index.js";
import { convertKitService } from "./convertkit/index.js";
import { iContactService } from "./icontact/index.js";
import { klaviyoService } from "./klaviyo/index.js";
import { mailerLiteService } from "./mailerlite/index.js";
import { maropostService } from "./maropost/index.js";
import { sendlaneService } from "./sendlane/index.js";
import { aweberService } from "./aweber/index.js";
import { campaignMonitorService } from "./campaignmonitor/index.js";
import { constantContactService } from "./constantcontact/index.js";
import { dripService } from "./drip/index.js";
import { getResponseService } from "./getresponse/index.js";
import type { ActionExecutor, IntegrationService } from "./types.js";
import { webhookService } from "./webhook/index.js";
import { youtubeService } from "./youtube/index.js";
import { zoomAutoChatService, zoomService } from "./zoom/index.js";

/**
 * The registry: every service folder's service, once. Routes (`/{kind}/check`,
 * `/test/integration`, the list routes) and the engine's `executeAction` reach services only
 * through it; a `services/<kind>/` folder not listed here is not reachable. Adding a service:
 * one import above and one entry here.
 */
export const SERVICES: readonly IntegrationService[] = [
  aweberService,
  getResponseService,
  dripService,
  constantContactService,
  campaignMonitorService,
  convertKitService,
  iContactService,
  klaviyoService,
  mailerLiteService,
  maropostService,
  sendlaneService,
  activeCampaignService,
  amazonSesService,
  clickSendService,
  dropCowboyService,
  facebookService,
  googleCalendarService,
  googleSheetsService,
  hubspotService,
  infusionsoftService,
  mailchimpService,
  manyChatService,
  mailgunService,
  mauticService,
  niftyImageService,
  oneSignalService,
  ontraportService,
  salesmessageService,
  slackService,
  smtpService,
  twilioService,
  webhookService,
  ...LIVE_EVENT_SERVICES,
  zoomService,
  zoomAutoChatService,
  gotoWebinarService,
  youtubeService,
  domainService,
];

const BY_KIND: ReadonlyMap<IntegrationKind, IntegrationService> = new Map(
  SERVICES.flatMap((service) => service.kinds.map((kind) => [kind, service] as const)),
);

/**
 * The kinds without a folder yet: the generic check (an OAuth token is present, the credential
 * form is complete — and it says the service was not asked), no lists, no actions.
 */
const unregistered = (kind: IntegrationKind): IntegrationService => ({ ...generic, kinds: [kind], actions: {} });

/**
 * The service of a kind: its folder's, else the generic one (check only).
 *
 * @example
 * await serviceFor("MAILCHIMP").lists?.(ctx); // { lists: [...], tags: [...] }
 */
export const serviceFor = (kind: IntegrationKind): IntegrationService => BY_KIND.get(kind) ?? unregistered(kind);

/** Whether a kind has a service folder of its own in the registry. */
export const isRegistered = (kind: IntegrationKind): boolean => BY_KIND.has(kind);

/**
 * The executor of one action of a kind, or undefined when this server does not carry it out.
 *
 * @example
 * executorFor("TWILIO", "sendsms"); // sendSms
 * executorFor("TWILIO", "addTag"); // undefined
 */
export function executorFor(kind: IntegrationKind, action: string): ActionExecutor | undefined {
  const actions = BY_KIND.get(kind)?.actions;
  return actions && Object.hasOwn(actions, action) ? actions[action] : undefined;
}

/**
 * Whether an action of a kind is one of the engine's own (the live-event kinds' encore, addEvent,
 * deleteSystemWide: `engineActions`), carried out on Cuepoint's data instead of through the service.
 *
 * @example
 * runsOnEngine("AEVENT", "encore"); // true
 * runsOnEngine("TWILIO", "sendsms"); // false
 */
export const runsOnEngine = (kind: IntegrationKind, action: string): boolean =>
  (BY_KIND.get(kind)?.engineActions as readonly string[] | undefined)?.includes(action) ?? false;

/** Every (kind, action) the registry carries out (an executor, or one of the engine's own), in registry order. */
export const registeredExecutors = (): Array<{ kind: IntegrationKind; action: string }> =>
  SERVICES.flatMap((service) =>
    service.kinds.flatMap((kind) =>
      [...Object.keys(service.actions), ...(service.engineActions ?? [])].map((action) => ({ kind, action })),
    ),
  );
