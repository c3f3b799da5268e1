import type { DeliveryPlatform, PlatformSessionRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { integrationContext } from "../integrations/context.js";
import { labelOf } from "../integrations/kinds.js";
import { ServiceError } from "../integrations/serviceCall.js";
import type { ServiceContext } from "../integrations/services/types.js";
import { loadIntegration } from "../integrations/store.js";
import { gotoDriver } from "./gotowebinar/gotoDriver.js";
import type { PlatformDriver } from "./platform.js";
import { zoomDriver } from "./zoom/zoomDriver.js";

const DRIVERS: Record<DeliveryPlatform, PlatformDriver> = { zoom: zoomDriver, gotowebinar: gotoDriver };
const KINDS = { zoom: "ZOOM", gotowebinar: "GOTOWEBINAR" } as const;

export const driverFor = (platform: DeliveryPlatform): PlatformDriver => DRIVERS[platform];

/**
 * The service context of a session's integration, loaded from the session's own account only. A
 * deleted integration, or one of another kind, is a refusal the host can act on.
 */
export async function platformContext(orm: Orm, session: Pick<PlatformSessionRow, "accountId" | "integrationId" | "platform">, now: () => Date): Promise<ServiceContext> {
  const label = labelOf(KINDS[session.platform]);
  const loaded = await loadIntegration(orm, session.accountId, session.integrationId).catch(() => undefined);
  if (!loaded || loaded.kind !== KINDS[session.platform]) {
    throw new ServiceError(
      `The timeline's ${label} integration is missing: connect ${label} and choose it in the timeline's delivery settings.`,
      "refused",
    );
  }
  return integrationContext(orm, loaded, now);
}
