import type { DeliveryPlatform, PlatformSessionRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { integrationContext } from "../integrations/context.js";
import { labelOf } from "../integrations/kinds.js";
import { ServiceError } from "../integrations/serviceCall.js";
import type { ServiceContext } from "../integrations/services/types.js";
import { loadIntegration } from "../integrations/store.js";
import { gotoDriver } from "./gotowebinar/gotoDriver.js";
import type { PlatformDriver, SessionDriver } from "./platform.js";
import { youtubeDriver } from "./youtube/youtubeDriver.js";
import { zoomDriver } from "./zoom/zoomDriver.js";

/** The platforms that register people (their attendees are their registrants). */
export type RegisteringPlatform = Exclude<DeliveryPlatform, "youtube">;
export const REGISTERING_PLATFORMS: readonly RegisteringPlatform[] = ["zoom", "gotowebinar"];

const DRIVERS: Record<RegisteringPlatform, PlatformDriver> = { zoom: zoomDriver, gotowebinar: gotoDriver };
const SESSION_DRIVERS: Record<DeliveryPlatform, SessionDriver> = { ...DRIVERS, youtube: youtubeDriver };
const KINDS = { zoom: "ZOOM", gotowebinar: "GOTOWEBINAR", youtube: "YOUTUBE" } as const;

/** The session calls of any delivery platform. */
export const sessionDriverFor = (platform: DeliveryPlatform): SessionDriver => SESSION_DRIVERS[platform];

/** A registering platform's driver; YouTube (no registrants) has none and its sessions are never asked for one. */
export function driverFor(platform: DeliveryPlatform): PlatformDriver {
  if (platform === "youtube") throw new Error("YouTube Live has no registrants or attendance report.");
  return DRIVERS[platform];
}

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
