import { RUNNING_ACTIONS, ROOM_ACTIONS, ROOM_KINDS } from "./catalogue/running.js";
import { getIntegrationKind } from "./integrationCatalogue.js";
import type { ActionDefinition } from "./types.js";

/**
 * Whether this release carries out an action of a kind: it is in the kind's catalogue entry and
 * either the engine runs it through the kind's service (`RUNNING_ACTIONS`) or the room plays it
 * (`ROOM_ACTIONS`, for the kinds whose attendees are in Cuepoint's room: `ROOM_KINDS`). The kind is matched case-insensitively; unknown kinds and
 * actions answer false.
 *
 * @example
 * actionRuns("TWILIO", "sendsms"); // true
 * actionRuns("AEVENT", "livechat"); // true
 * actionRuns("ZOOM", "livechat"); // false: Zoom's attendees are in Zoom's room
 * actionRuns("TWILIO", "addTag"); // false
 */
export function actionRuns(kind: string, action: string): boolean {
  const entry = getIntegrationKind(kind);
  if (!entry || !entry.actions.some((a) => a.key === action)) return false;
  if (RUNNING_ACTIONS[entry.type]?.some((key) => key === action)) return true;
  return ROOM_KINDS.includes(entry.type) && ROOM_ACTIONS.some((key) => key === action);
}

/**
 * The catalogue actions of a kind that this release carries out, in catalogue order: what the
 * dashboard's action picker offers.
 *
 * @example
 * runningActionsOf("HUBSPOT").map((a) => a.key); // ["moveList", "addToWorkflow"]
 */
export function runningActionsOf(kind: string): readonly ActionDefinition[] {
  const entry = getIntegrationKind(kind);
  return entry ? entry.actions.filter((a) => actionRuns(entry.type, a.key)) : [];
}
