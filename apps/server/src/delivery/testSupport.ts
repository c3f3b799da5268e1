import { eq } from "drizzle-orm";
import { platformRegistrants, platformSessions, timelines, type PlatformRegistrantRow, type PlatformSessionRow } from "../db/schema/index.js";
import { createEngineTestApp, type EngineTestApp } from "../engine/testSupport.js";
import { connectOAuth } from "../engine/actions/test-support/oauth.js";
import { pointServicesAt } from "../integrations/test-support/serviceEnv.js";
import { startDelivery, type DeliveryLoop } from "./syncDelivery.js";

/** The answer of `GET /webinars/{id}/delivery`. */
export interface DeliveryView {
  platform: string | null;
  status: string;
  message: string;
  remoteId: string;
  remoteKind: string;
  registrants: { registered: number; pending: number; refused: number };
  log: Array<{ operation: string; outcome: string; detail: string; registrantId: string | null }>;
}

export interface DeliveryTestApp extends EngineTestApp {
  delivery: DeliveryLoop;
  integrationId: string;
  /** The owner's `GET /webinars/{id}/delivery`. */
  view(eventId: string): Promise<DeliveryView>;
  sessionOf(eventId: string): Promise<PlatformSessionRow | undefined>;
  registrationOf(registrantId: string): Promise<PlatformRegistrantRow | undefined>;
  /** `GET /join/{token}` as a browser asks for it (redirects not followed). */
  join(registrantId: string): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The engine's test app with every service pointed at `fakeUrl`, the owner's `kind` connected
 * through OAuth (code `good-code`), and the timeline delivered on `platform` through it; the
 * delivery sweep runs only when the test drains it.
 */
export async function createDeliveryTestApp(start: string, fakeUrl: string, platform: "zoom" | "gotowebinar" | "youtube"): Promise<DeliveryTestApp> {
  const restore = pointServicesAt(fakeUrl);
  const t = await createEngineTestApp(start);
  const integrationId = await connectOAuth(t.owner, platform, "good-code");
  const setting = t.timeline.setting;
  await t.db.orm
    .update(timelines)
    .set({ setting: { ...setting, general: { ...setting.general, deliveryPlatform: platform, integrationID: integrationId } } })
    .where(eq(timelines.id, t.timeline.id));
  const delivery = startDelivery({ orm: t.db.orm, now: t.now, loop: false });
  return {
    ...t,
    delivery,
    integrationId,
    async view(eventId) {
      const { success } = await t.owner.request<{ success: DeliveryView }>("GET", `/webinars/${eventId}/delivery`);
      return success;
    },
    sessionOf: (eventId) => t.db.orm.select().from(platformSessions).where(eq(platformSessions.eventId, eventId)).then((rows) => rows[0]),
    registrationOf: (registrantId) =>
      t.db.orm.select().from(platformRegistrants).where(eq(platformRegistrants.registrantId, registrantId)).then((rows) => rows[0]),
    join: async (registrantId) => t.app.request(`/join/${registrantId}`, { redirect: "manual" }),
    async close() {
      await delivery.stop();
      await t.stop();
      restore();
    },
  };
}
