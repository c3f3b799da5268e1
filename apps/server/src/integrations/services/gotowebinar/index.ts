import { liveEventService } from "../liveevent/index.js";
import type { IntegrationService } from "../types.js";
import { gotoWebinar } from "./api.js";

/** GoTo Webinar as a live-event kind: its check and webinars (README.md), and the engine's live-event actions. */
export const gotoWebinarService: IntegrationService = liveEventService("GOTOWEBINAR", gotoWebinar);
