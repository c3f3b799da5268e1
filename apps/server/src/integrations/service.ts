import type { IntegrationKind } from "@cuepoint/sdk";
import type { AppDeps } from "../deps.js";
import { badRequest, HttpError } from "../http/errors.js";
import { integrationContext } from "./context.js";
import { labelOf } from "./kinds.js";
import { serviceFor } from "./services/index.js";
import type { IntegrationAdapter, IntegrationService, ServiceContext } from "./services/types.js";
import { loadIntegration, type LoadedIntegration } from "./store.js";

export interface Service {
  loaded: LoadedIntegration;
  adapter: IntegrationService;
  ctx: ServiceContext;
}

/**
 * One of the caller's integrations with its service (from the registry) and context. 404 for an id that is not the
 * caller's (checked first, so another account's id never learns its kind); 400 on
 * `integrationID` when the path names another kind than the integration is.
 */
export async function loadService(
  deps: AppDeps,
  accountId: string,
  integrationID: string | number,
  kind?: IntegrationKind,
): Promise<Service> {
  const loaded = await loadIntegration(deps.db.orm, accountId, integrationID);
  if (kind && loaded.kind !== kind) {
    throw badRequest(
      `This integration is ${labelOf(loaded.kind)}, not ${labelOf(kind)}: call /${loaded.kind.toLowerCase()}/… for it.`,
      "integrationID",
    );
  }
  return {
    loaded,
    adapter: serviceFor(loaded.kind),
    ctx: integrationContext(deps.db.orm, loaded, deps.config.now),
  };
}

/** 501 for a call a kind's adapter does not offer yet. */
export function requireOperation<K extends keyof IntegrationAdapter>(
  service: Service,
  operation: K,
  what: string,
): NonNullable<IntegrationAdapter[K]> {
  const method = service.adapter[operation];
  if (!method) throw new HttpError(501, `${what} for ${labelOf(service.loaded.kind)} is not supported yet.`);
  return method.bind(service.adapter) as NonNullable<IntegrationAdapter[K]>;
}
