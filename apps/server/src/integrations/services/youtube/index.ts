import { liveEventService } from "../liveevent/index.js";
import type { IntegrationService } from "../types.js";
import { youtube } from "./api.js";

/** YouTube Live as a live-event kind: its check and broadcasts (README.md), and the engine's live-event actions. */
export const youtubeService: IntegrationService = liveEventService("YOUTUBE", youtube);
