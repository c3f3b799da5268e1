import { actionRuns, getIntegrationKind, runningActionsOf } from "../../integrations/index.js";

/** An action this release does not carry out: the `action` field, and what the kind supports. */
export type ActionRunsResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly field: "action"; readonly reason: "unsupported"; readonly message: string };

/**
 * Whether a node's action is one this release carries out for its kind (`actionRuns`: the
 * engine runs it through the kind's service, or the room plays it). A refusal names what the kind
 * does support. A blank action or an unknown kind is left to the other rules (drafts may be saved
 * without an action; `checkActionFields` names an unknown kind).
 *
 * @example
 * checkActionRuns("TWILIO", "addTag");
 * // { ok: false, field: "action", reason: "unsupported",
 * //   message: "Twilio does not carry out \"addTag\". It supports: Send SMS, Send MMS." }
 */
export function checkActionRuns(kind: string, action: string): ActionRunsResult {
  const entry = getIntegrationKind(kind);
  const key = action.trim();
  if (!entry || key === "" || actionRuns(entry.type, key)) return { ok: true };
  const label = entry.actions.find((a) => a.key === key)?.label ?? key;
  const running = runningActionsOf(entry.type).map((a) => a.label);
  const supports = running.length > 0 ? `It supports: ${running.join(", ")}.` : `It carries out no timeline actions yet.`;
  return { ok: false, field: "action", reason: "unsupported", message: `${entry.label} does not carry out "${label}". ${supports}` };
}
