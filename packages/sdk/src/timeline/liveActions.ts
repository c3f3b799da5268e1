import type { TimelineNodeLike } from "./types.js";

/**
 * The live-event action keys of spec §3: chat to the audience, call-to-action popup, subject
 * change, encore, add event, delete system-wide. They act on the live room itself, so they belong
 * inside the event's live window (or, on the own platform only, before it).
 */
export const LIVE_ACTION_KEYS = ["livechat", "cta", "changesubject", "encore", "addEvent", "deleteSystemWide"] as const;
export type LiveActionKey = (typeof LIVE_ACTION_KEYS)[number];

/**
 * True when a node is a live-event action. The action key is looked for in `key` and in `action`
 * (wire data fills one or the other), compared exactly as the spec spells the keys.
 *
 * @example
 * isLiveAction({ key: "livechat", isAfter: 1 }); // true
 * isLiveAction({ action: "sendMail", isAfter: -1 }); // false
 */
export function isLiveAction(node: Pick<TimelineNodeLike, "key" | "action">): boolean {
  return [node.key, node.action].some((value) => typeof value === "string" && (LIVE_ACTION_KEYS as readonly string[]).includes(value.trim()));
}

/**
 * The live-event actions that act on the registrant, not in the room: `encore` (moved to a replay
 * session), `addEvent` (registered for another timeline's session), `deleteSystemWide` (removed
 * from every timeline of the account). The engine carries them out per registrant as scheduled
 * jobs; the room shows nothing for them.
 */
export const REGISTRANT_ACTION_KEYS = ["encore", "addEvent", "deleteSystemWide"] as const;
export type RegistrantActionKey = (typeof REGISTRANT_ACTION_KEYS)[number];

/**
 * True when a node is a live-event action the engine carries out on the registrant
 * ({@link REGISTRANT_ACTION_KEYS}), looked for in `key` and `action` as {@link isLiveAction} does.
 *
 * @example
 * isRegistrantAction({ action: "encore" }); // true
 * isRegistrantAction({ key: "livechat" }); // false
 */
export function isRegistrantAction(node: Pick<TimelineNodeLike, "key" | "action">): boolean {
  return [node.key, node.action].some((value) => typeof value === "string" && (REGISTRANT_ACTION_KEYS as readonly string[]).includes(value.trim()));
}
