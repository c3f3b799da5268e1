import { isLiveAction, isRegistrantAction, type RegistrantActionKey } from "@cuepoint/sdk";
import { executorFor, runsOnEngine } from "../../integrations/services/index.js";
import { LIVE_EVENT_EXECUTORS } from "../liveEvent/index.js";
import { actionIntegration, nodeKind } from "../../integrations/actions/integration.js";
import { requireReady } from "../../integrations/actions/require.js";
import type { ExecuteAction } from "../../integrations/actions/types.js";

export {
  AUTORESPONDER_MESSAGES,
  autoresponderKey,
  autoresponderMessageOf,
  autoresponderNode,
  autoresponderSketch,
  type AutoresponderMessage,
} from "./autoresponder.js";
export { checkActionReady, type ActionCaches, type ActionReadiness } from "../../integrations/actions/ready.js";
export * from "../../integrations/actions/types.js";

/**
 * Carries out one timeline action for one registrant (the scheduler's entry point), dispatching
 * on `node.integrationType` and `node.action` to the executor of its service in the registry
 * (`integrations/services/index.ts`), after the node's required fields (`requireReady`, spec §5)
 * and with the integration loaded from the job's own account (`actionIntegration`). The live-event
 * actions that act on the registrant (encore, addEvent, deleteSystemWide) run without an
 * integration (`services/liveevent/`); the room's (livechat, cta, changesubject) are skipped:
 * they run inside the event as its live script. An action this server has no executor for is
 * skipped with a reason naming it, never silently dropped.
 * Throws RetryableActionError or PermanentActionError (types.ts).
 *
 * @example
 * const outcome = await executeAction({ db, config, now: () => new Date() }, job);
 * // { status: "sent", detail: "HTTP 200 (signed)" }
 */
export const executeAction: ExecuteAction = async (ctx, job) => {
  const kind = nodeKind(job);
  const executor = kind && executorFor(kind, job.node.action);
  // encore, addEvent, deleteSystemWide act on Cuepoint's own data: no integration is loaded.
  const ownData =
    kind && isRegistrantAction(job.node) && runsOnEngine(kind, job.node.action)
      ? LIVE_EVENT_EXECUTORS[job.node.action as RegistrantActionKey]
      : undefined;
  if (ownData) {
    requireReady(job);
    return ownData({ job, engine: ctx });
  }
  if (isLiveAction(job.node)) {
    return { status: "skipped", reason: "live-event action: part of the event's live script" };
  }
  if (!executor) {
    const action = job.node.action || "(no action)";
    return { status: "skipped", reason: `no executor for ${action} on ${kind ?? (job.node.integrationType || "(no integration)")} yet` };
  }
  requireReady(job);
  const { loaded, service } = await actionIntegration(ctx, job);
  return executor({ job, engine: ctx, loaded, service });
};
