import { credential, secretCredential } from "../builders.js";
import type { IntegrationKind } from "../kinds.js";
import { LIVE_ACTIONS, LIVECHAT } from "../sharedActions.js";
import type { IntegrationEntry } from "../types.js";

/**
 * Live-event platforms. The four with a `deliveryPlatform` host the event itself
 * (general.deliveryPlatform); every live-event kind runs the live-event actions.
 *
 * Credential mappings that are our choice, as neither service publishes an API reference we
 * could check: WEBINAR is a third-party webinar room embedded on the registration page by its
 * widget (`widgetID`) and the event's reference (`referenceID`); OBVIO is reached with the
 * organiser's vendor id (`vendor_id`) and an API key.
 */
export const liveIntegrations = {
  AEVENT: {
    type: "AEVENT",
    label: "Cuepoint Events",
    category: "live",
    auth: "none",
    credentials: [],
    actions: LIVE_ACTIONS,
    deliveryPlatform: "aevent",
  },
  ZOOM: {
    type: "ZOOM",
    label: "Zoom",
    category: "live",
    auth: "oauth",
    callbackRoute: "zoomcallback",
    callbackParams: ["code"],
    lists: true,
    credentials: [],
    actions: LIVE_ACTIONS,
    deliveryPlatform: "zoom",
  },
  GOTOWEBINAR: {
    type: "GOTOWEBINAR",
    label: "GoTo Webinar",
    category: "live",
    auth: "oauth",
    callbackRoute: "gotocallback",
    callbackParams: ["code"],
    lists: true,
    credentials: [],
    actions: LIVE_ACTIONS,
    deliveryPlatform: "gotowebinar",
  },
  YOUTUBE: {
    type: "YOUTUBE",
    label: "YouTube Live",
    category: "live",
    auth: "oauth",
    callbackRoute: "youtubecallback",
    callbackParams: ["code"],
    lists: true,
    credentials: [],
    actions: LIVE_ACTIONS,
    deliveryPlatform: "youtube",
  },
  WEBINAR: {
    type: "WEBINAR",
    label: "Embedded webinar room",
    category: "live",
    auth: "credentials",
    credentials: [credential("widgetID", "Widget ID"), credential("referenceID", "Event reference ID")],
    actions: LIVE_ACTIONS,
  },
  OBVIO: {
    type: "OBVIO",
    label: "Obvio",
    category: "live",
    auth: "credentials",
    credentials: [credential("vendor_id", "Vendor ID"), secretCredential("api_key", "API key")],
    actions: LIVE_ACTIONS,
  },
  /** Posts timed chat messages into a Zoom meeting; only the chat action applies. */
  ZOOMAUTOCHAT: {
    type: "ZOOMAUTOCHAT",
    label: "Zoom auto-chat",
    category: "live",
    auth: "oauth",
    callbackRoute: "zoomautochatcallback",
    callbackParams: ["code"],
    lists: true,
    credentials: [],
    actions: [LIVECHAT],
  },
} as const satisfies Partial<Record<IntegrationKind, IntegrationEntry>>;
