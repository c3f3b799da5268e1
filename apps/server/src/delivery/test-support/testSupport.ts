import type { WebinarDelivery, YouTubeBroadcastState } from "@cuepoint/sdk";
import { eq } from "drizzle-orm";
import { platformRegistrants, platformSessions, timelines, type PlatformRegistrantRow, type PlatformSessionRow } from "../../db/schema/index.js";
import { createEngineTestApp, type EngineTestApp } from "../../engine/test-support/testSupport.js";
import { connectOAuth } from "../../integrations/test-support/oauth.js";
import { pointServicesAt } from "../../integrations/test-support/serviceEnv.js";
import { startDelivery, type DeliveryLoop } from "../syncDelivery.js";

export interface DeliveryTestApp extends EngineTestApp {
  delivery: DeliveryLoop;
  integrationId: string;
  /**
   * Schedules an event of the timeline at a local start (its zone: Los Angeles) as the owner, runs
   * the delivery sweep, and gives the event's id and what the platform holds for it ("" if nothing).
   */
  schedule(start: string): Promise<{ eventId: string; remoteId: string }>;
  /** The owner's `GET /webinars/{id}/delivery`, through the SDK's client. */
  view(eventId: string): Promise<WebinarDelivery>;
  /** The owner's `GET /webinars/{id}/delivery/youtube`, through the SDK's client. */
  broadcast(eventId: string): Promise<YouTubeBroadcastState>;
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
  const sessionOf = (eventId: string) =>
    t.db.orm.select().from(platformSessions).where(eq(platformSessions.eventId, eventId)).then((rows) => rows[0]);
  return {
    ...t,
    delivery,
    integrationId,
    async schedule(start) {
      const { success } = await t.owner.webinars.create({ webinarTimeline: t.timeline.id, start });
      await delivery.drain();
      const eventId = success.webinar.webinarID;
      return { eventId, remoteId: (await sessionOf(eventId))?.remoteId ?? "" };
    },
    view: async (eventId) => (await t.owner.webinars.delivery(eventId)).success,
    broadcast: async (eventId) => (await t.owner.webinars.deliveryYoutube(eventId)).success,
    sessionOf,
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
