import type { IntegrationKind } from "@cuepoint/sdk";
import type { ActionContext, ActionJob, ActionOutcome } from "../../engine/actions/types.js";
import type { IntegrationAdapter, ServiceContext } from "../adapters/types.js";
import type { LoadedIntegration } from "../store.js";

/**
 * One carrying-out of a timeline action through a stored integration: the job, the engine's
 * context, the integration (loaded from the job's own account, secrets opened) and its service
 * context (rebased URLs, refreshed OAuth token, the service's name for messages).
 */
export interface ActionRun {
  job: ActionJob;
  engine: ActionContext;
  loaded: LoadedIntegration;
  service: ServiceContext;
}

/**
 * Carries out one action; answers `sent` (with the service's answer for the delivery log) or
 * `skipped` (with the reason), or throws RetryableActionError (network, timeout, 5xx, 408, 429 —
 * only where repeating the request is safe) / PermanentActionError (the service's refusal, in its
 * words, prefixed with its name).
 */
export type ActionExecutor = (run: ActionRun) => Promise<ActionOutcome>;

/**
 * A service: everything Cuepoint knows about one vendor, in one folder
 * (`services/<kind>/`): its connection check, its lists and list writes (the adapter operations),
 * and an executor for every action its SDK catalogue entry offers.
 */
export interface IntegrationService extends IntegrationAdapter {
  /** The kinds this service backs (WEBHOOK and ZAPIER share one). */
  readonly kinds: readonly IntegrationKind[];
  /** One executor per action key the catalogue offers for these kinds. */
  readonly actions: Readonly<Record<string, ActionExecutor>>;
}
