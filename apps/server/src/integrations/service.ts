import type { IntegrationKind } from "@cuepoint/sdk";
import type { AppDeps } from "../deps.js";
import { badRequest } from "../http/errors.js";
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

/** The list and write operations of a service, in the words of the refusal below. */
type Operation = Exclude<keyof IntegrationAdapter, "check" | "afterConnect" | "verifies">;
const OPERATION_WORDS: Readonly<Record<Operation, string>> = {
  lists: "reading its lists",
  addField: "adding a field to a list",
  addAutoFields: "adding the webinar fields",
  addTag: "creating tags",
  createAudience: "creating custom audiences",
  deleteImage: "deleting images",
  worksheets: "reading worksheets",
  headerRow: "reading header rows",
};

/**
 * What a kind's service supports, in a sentence's words: the connection check, then each list or
 * write operation it has ("the connection check, reading its lists and creating tags").
 */
export function supportedOperations(service: IntegrationAdapter): string {
  const words = ["the connection check"];
  for (const [operation, said] of Object.entries(OPERATION_WORDS)) {
    if (typeof service[operation as keyof IntegrationAdapter] === "function") words.push(said);
  }
  return words.length === 1 ? words[0] ?? "" : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/**
 * The operation of the integration's service, or a 400 on `integrationID` when its kind does not
 * offer it, saying what the kind supports ("Twilio does not support reading its lists: it
 * supports the connection check.").
 */
export function requireOperation<K extends Operation>(
  service: Service,
  operation: K,
  what: string,
): NonNullable<IntegrationAdapter[K]> {
  const method = service.adapter[operation];
  if (!method) {
    const label = labelOf(service.loaded.kind);
    throw badRequest(
      `${label} does not support ${what.charAt(0).toLowerCase()}${what.slice(1)}: it supports ${supportedOperations(service.adapter)}.`,
      "integrationID",
    );
  }
  return method.bind(service.adapter) as NonNullable<IntegrationAdapter[K]>;
}
