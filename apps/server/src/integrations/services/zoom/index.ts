import type { IntegrationService } from "../types.js";
import { liveEventService } from "../liveevent/index.js";
import { zoom, zoomAutoChat } from "./api.js";

/** Zoom as a live-event kind: its check and lists (README.md), and the engine's live-event actions. */
export const zoomService: IntegrationService = liveEventService("ZOOM", zoom);

/**
 * Zoom auto-chat: the same Zoom sign-in, its check and the meetings it posts into. Its one action,
 * `livechat`, is played by the room's live script, not by the engine: no executor here.
 */
export const zoomAutoChatService: IntegrationService = { ...zoomAutoChat, kinds: ["ZOOMAUTOCHAT"], actions: {} };
