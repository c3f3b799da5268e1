import { REGISTRANT_ACTION_KEYS, type IntegrationKind } from "@cuepoint/sdk";
import { generic } from "../generic.js";
import type { IntegrationAdapter, IntegrationService } from "../types.js";
import { unpublishedApi } from "./notAskable.js";

export { notAskable } from "./notAskable.js";

/**
 * A live-event kind's service: its connection check and lists (`adapter`), no vendor action, and
 * the three registrant actions (encore, addEvent, deleteSystemWide) that the engine carries out on
 * Cuepoint's own data (engine/liveEvent/).
 */
/* @__NO_SIDE_EFFECTS__ */
export const liveEventService = (kind: IntegrationKind, adapter: IntegrationAdapter): IntegrationService => ({
  ...adapter,
  kinds: [kind],
  actions: {},
  engineActions: REGISTRANT_ACTION_KEYS,
});

/**
 * The live-event kinds' services without a folder of their own (ZOOM, GOTOWEBINAR and YOUTUBE
 * have theirs): AEVENT is Cuepoint's own room (`generic`: it needs no connection); WEBINAR and
 * OBVIO publish no API to ask, and their check says so (`notAskable.ts`), never "connected".
 */
export const LIVE_EVENT_SERVICES: readonly IntegrationService[] = [
  liveEventService("AEVENT", generic),
  liveEventService("WEBINAR", unpublishedApi),
  liveEventService("OBVIO", unpublishedApi),
];
