import { and, count, desc, eq } from "drizzle-orm";
import * as v from "valibot";
import { platformLog, platformRegistrants } from "../db/schema/index.js";
import { defineRoute } from "../http/route.js";
import { ownTimeline } from "../events/access.js";
import { sessionDriverFor } from "./drivers.js";
import { ownEventSession } from "./ownEventSession.js";
import { youtubeRoutes } from "./youtube/youtubeRoutes.js";

const PLATFORMS = { zoom: "Zoom", gotowebinar: "GoTo Webinar", youtube: "YouTube Live" } as const;
const isPlatform = (value: string | undefined): value is keyof typeof PLATFORMS => !!value && Object.hasOwn(PLATFORMS, value);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DeliveryAnswer = v.object({
  success: v.object({
    platform: v.nullable(v.picklist(["zoom", "gotowebinar", "youtube"])),
    status: v.picklist(["none", "waiting", "pending", "ready", "refused", "cancelled"]),
    message: v.string(),
    remoteId: v.string(),
    remoteKind: v.string(),
    registrants: v.object({ registered: v.number(), pending: v.number(), refused: v.number() }),
    log: v.array(
      v.object({
        at: v.string(),
        operation: v.string(),
        outcome: v.picklist(["done", "failed", "refused"]),
        detail: v.string(),
        registrantId: v.nullable(v.string()),
      }),
    ),
  }),
});

/**
 * `GET /webinars/{id}/delivery`: the event's session on its delivery platform as the host's webinar
 * screen shows it — its state, the platform's words when it refused (the session, or registrations:
 * a full webinar, an expired grant, a plan without webinars), how many registrants hold a personal
 * link, and the latest lines of the delivery log.
 */
const delivery = defineRoute({
  method: "GET",
  path: "/webinars/:id/delivery",
  operationId: "webinars.delivery",
  tag: "Webinars",
  summary: "The event's session on Zoom, GoTo Webinar or YouTube Live: its state, refusals and delivery log",
  description:
    "Design (issue 17). For an event whose timeline's `general.deliveryPlatform` is `zoom`, `gotowebinar` or `youtube`: `status` " +
    "`waiting` (not created on the platform yet), `pending` (a change is being made or retried), `ready`, `refused` " +
    "(`message` is the platform's words and what to do) or `cancelled`; `none` for other platforms. `message` also " +
    "names the latest refused registration. `remoteKind` is what the platform holds once created: `webinar` (Zoom, GoTo), `meeting` (Zoom on an account without the webinar plan: a meeting with registration) or `broadcast` (YouTube). `registrants` counts registrations by state; `log` is the newest 50 " +
    "lines of the delivery log (create, move, cancel, register, attendance). YouTube has no registrants (its viewers " +
    "watch the embedded broadcast in Cuepoint's room): its counts stay 0. 404 for an event not of the account.",
  access: "webinars:read",
  answer: { description: "The event's delivery state.", schema: DeliveryAnswer },
  async handle({ params, caller, deps }) {
    const { orm } = deps.db;
    const { event, session } = await ownEventSession(orm, caller.accountId, params.id ?? "");
    const general = ((await ownTimeline(orm, caller.accountId, event.timelineId)).setting?.general ?? {}) as { deliveryPlatform?: string; integrationID?: string };
    const wanted = isPlatform(general.deliveryPlatform) ? general.deliveryPlatform : null;
    const platform = session?.platform ?? wanted;
    const counts = await orm
      .select({ status: platformRegistrants.status, n: count() })
      .from(platformRegistrants)
      .where(and(eq(platformRegistrants.accountId, caller.accountId), eq(platformRegistrants.eventId, event.id)))
      .groupBy(platformRegistrants.status);
    const registrants = { registered: 0, pending: 0, refused: 0 };
    for (const row of counts) registrants[row.status] = row.n;
    const log = await orm
      .select()
      .from(platformLog)
      .where(and(eq(platformLog.accountId, caller.accountId), eq(platformLog.eventId, event.id)))
      .orderBy(desc(platformLog.at), desc(platformLog.id))
      .limit(50);
    const label = platform ? PLATFORMS[platform] : "";
    let status: v.InferOutput<typeof DeliveryAnswer>["success"]["status"] = session ? session.status : platform ? "waiting" : "none";
    let message = session?.message ?? "";
    if (!session && platform && !UUID.test(general.integrationID ?? "")) {
      status = "refused";
      message = `This timeline is delivered on ${label} but names no ${label} integration: connect ${label} and choose it in the timeline's delivery settings.`;
    }
    const refusal = log.find((line) => line.operation === "register" && line.outcome === "refused");
    if (registrants.refused > 0 && refusal) {
      const note = `${registrants.refused} registration${registrants.refused === 1 ? " was" : "s were"} refused — ${refusal.detail}`;
      message = message ? `${message} ${note}` : note;
    }
    return {
      success: {
        platform,
        status,
        message,
        remoteId: session?.remoteId ?? "",
        remoteKind: session?.remoteId ? session.remoteKind || sessionDriverFor(session.platform).noun : "",
        registrants,
        log: log.map((line) => ({ at: line.at.toISOString(), operation: line.operation, outcome: line.outcome, detail: line.detail, registrantId: line.registrantId })),
      },
    };
  },
});

/** The delivery platforms' routes (registered in the route table). */
export const deliveryRoutes = [delivery, ...youtubeRoutes];
