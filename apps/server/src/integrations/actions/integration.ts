import { getIntegrationKind, type IntegrationKind } from "@cuepoint/sdk";
import type { ServiceContext } from "../services/types.js";
import { integrationContext } from "../context.js";
import { labelOf } from "../kinds.js";
import { loadIntegration, type LoadedIntegration } from "../store.js";
import { PermanentActionError, type ActionContext, type ActionJob } from "./types.js";

/** The integration an action runs through, opened, with the adapters' service context. */
export interface ActionIntegration {
  loaded: LoadedIntegration;
  service: ServiceContext;
  /** The service's name for messages ("Mailchimp"). */
  label: string;
}

/**
 * Loads the node's integration from the job's own account only (`job.accountId`): another
 * account's integration with the same id is "not there", exactly like a deleted one. Secrets are
 * unsealed by the integrations store. Every failure here is permanent: retrying cannot bring back
 * a deleted integration or fix an action pointing at the wrong kind.
 *
 * @example
 * const { service, loaded } = await actionIntegration(ctx, job);
 * loaded.secrets.credentials.api_key;
 */
export async function actionIntegration(ctx: ActionContext, job: ActionJob): Promise<ActionIntegration> {
  const kind = getIntegrationKind(job.node.integrationType)?.type;
  const label = kind ? labelOf(kind) : job.node.integrationType || "The integration";
  const id = job.node.integrationID.trim();
  if (!id) throw new PermanentActionError(`${label}: this action has no integration; pick one in the timeline.`);
  let loaded: LoadedIntegration;
  try {
    loaded = await loadIntegration(ctx.db.orm, job.accountId, id);
  } catch (error) {
    if (error instanceof Error && "status" in error && error.status === 404) {
      throw new PermanentActionError(`${label}: the integration of this action was deleted; pick another in the timeline.`);
    }
    // A row whose envelope no longer opens (the secret key changed) cannot heal by retrying.
    throw new PermanentActionError(`${label}: the stored credentials could not be opened (${(error as Error).message}).`);
  }
  if (kind && loaded.kind !== kind) {
    throw new PermanentActionError(
      `${label}: the action's integration is ${labelOf(loaded.kind)}, not ${label}; pick the integration again.`,
    );
  }
  return { loaded, service: integrationContext(ctx.db.orm, loaded, ctx.now), label: labelOf(loaded.kind) };
}

/** The kind of a node, or undefined for an integration type this server does not know. */
export const nodeKind = (job: ActionJob): IntegrationKind | undefined => getIntegrationKind(job.node.integrationType)?.type;
