import type { RegistrantActionKey } from "@cuepoint/sdk";
import { addEvent } from "./addEvent.js";
import { deleteSystemWide } from "./deleteSystemWide.js";
import { encore } from "./encore.js";
import type { LiveEventExecutor } from "./run.js";

export { encoreIdOf, encoreStart, isEncoreId } from "./encore.js";
export type { LiveEventExecutor, LiveEventRun } from "./run.js";

/**
 * The live-event actions the engine carries out on the registrant, the same for every live-event
 * kind (integrations/services/liveevent/README.md): they act on Cuepoint's own registrations,
 * sessions and jobs, never through the kind's service, so the engine's dispatcher calls them
 * without loading an integration, once the registry says the kind runs them (`engineActions`).
 */
export const LIVE_EVENT_EXECUTORS: Readonly<Record<RegistrantActionKey, LiveEventExecutor>> = { encore, addEvent, deleteSystemWide };
