import type { IntegrationKind, RegistrantActionKey } from "@cuepoint/sdk";
import { generic } from "../generic.js";
import type { IntegrationAdapter, IntegrationService } from "../types.js";
import { addEvent } from "./addEvent.js";
import { deleteSystemWide } from "./deleteSystemWide.js";
import { encore } from "./encore.js";
import { unpublishedApi } from "./notAskable.js";
import type { LiveEventExecutor } from "./run.js";

export { encoreIdOf, encoreStart, isEncoreId } from "./encore.js";
export { notAskable } from "./notAskable.js";
export type { LiveEventExecutor, LiveEventRun } from "./run.js";

/**
 * The live-event actions the engine carries out on the registrant, the same for every live-event
 * kind (README.md): they act on Cuepoint's own registrations, sessions and jobs, never through the
 * kind's service, so the engine's dispatcher calls them without loading an integration, once the
 * registry says the (kind, action) runs.
 */
export const LIVE_EVENT_EXECUTORS: Readonly<Record<RegistrantActionKey, LiveEventExecutor>> = { encore, addEvent, deleteSystemWide };

/** A live-event kind's service: its connection check and lists (`adapter`) and the three actions. */
/* @__NO_SIDE_EFFECTS__ */
export const liveEventService = (kind: IntegrationKind, adapter: IntegrationAdapter): IntegrationService => ({
  ...adapter,
  kinds: [kind],
  actions: LIVE_EVENT_EXECUTORS,
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
