import { checkActionFields, checkActionRuns, isLiveAction, type ActionFieldsInput, type TimelineNode } from "@cuepoint/sdk";
import { allowPrivateTargets } from "../endpoints.js";

/** Why a node cannot be queued: the field to fix and what to do, in the SDK's words. */
export type ActionReadiness = { ok: true } | { ok: false; field: string; message: string };

/** The caches the SDK rule can check picked values against (`/{kind}/getlists`, the user's audios). */
export type ActionCaches = Omit<ActionFieldsInput, "kind" | "action" | "model">;

/**
 * Whether a timeline node can be queued: an action this release carries out for the node's kind
 * (the SDK's `checkActionRuns`, so a node saved before its action stopped being offered is a draft
 * the dry run shows, never "Sent on time"), the per-integration required fields of spec §5 (the
 * SDK's `checkActionFields`, the one copy of those rules — a webhook address by the SDK's
 * `checkTargetUrl`, honouring `CUEPOINT_ALLOW_PRIVATE_TARGETS`), and an integration picked for every
 * action that runs through one. Live-event actions are checked the same way but need no
 * integration of the account (they run on the event's platform as part of its live script).
 * The executors call it again before sending, so a node edited after queueing fails permanently
 * with the same message.
 *
 * @example
 * checkActionReady({ ...node, integrationType: "TWILIO", action: "sendsms", model: {} });
 * // { ok: false, field: "smsText", message: "Enter the SMS text" }
 */
export function checkActionReady(node: TimelineNode, caches: ActionCaches = {}): ActionReadiness {
  if (!node.action.trim()) return { ok: false, field: "action", message: "Pick an action" };
  const runs = checkActionRuns(node.integrationType, node.action);
  if (!runs.ok) return { ok: false, field: runs.field, message: runs.message };
  const fields = checkActionFields({
    ...caches,
    kind: node.integrationType,
    action: node.action,
    model: node.model,
    allowPrivateTargets: allowPrivateTargets(),
  });
  if (!fields.ok) return { ok: false, field: fields.field, message: fields.message };
  if (!isLiveAction(node) && !node.integrationID.trim()) {
    return { ok: false, field: "integrationID", message: "Pick the integration this action runs through" };
  }
  return { ok: true };
}
