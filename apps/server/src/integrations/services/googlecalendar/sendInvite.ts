import { fillMergeTags } from "@cuepoint/sdk";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { calendar_v3 } from "@googleapis/calendar";
import { timelines } from "../../../db/schema/index.js";
import { asAction } from "../../actions/errors.js";
import { isKnownZone } from "../../actions/eventTime.js";
import { modelText, NO_EMAIL, requireReady } from "../../actions/require.js";
import { messageVariables } from "../../actions/template.js";
import type { ActionJob, ActionOutcome } from "../../actions/types.js";
import { timelineLiveSeconds } from "../../../events/eventTiming.js";
import type { ActionRun } from "../types.js";
import { calendarApi, forAction } from "./api.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The live length when the job's timeline cannot be read: the SDK's default (one hour). */
const DEFAULT_SECONDS = 3600;

/**
 * The event's id at Google, from the job's idempotency key: Google lets the client choose an
 * event's id (base32hex characters — `a-v`, `0-9` — 5 to 1024 of them, unique per calendar), so
 * hex of a SHA-256 is one; a retry inserts the same id and Google answers 409 instead of making
 * a second event.
 *
 * @example
 * inviteEventId("node-1:reg-7:evt-3"); // 64 hex digits
 */
export const inviteEventId = (idempotencyKey: string): string =>
  createHash("sha256").update(`cuepoint-invite:${idempotencyKey}`).digest("hex");

/** How long the registrant's event lasts live: its timeline's length (program, manual, schedule). */
async function liveSeconds(run: ActionRun): Promise<number> {
  const { job, engine } = run;
  if (!UUID.test(job.timeline.id)) return DEFAULT_SECONDS;
  const [timeline] = await engine.db.orm
    .select({ setting: timelines.setting })
    .from(timelines)
    .where(and(eq(timelines.id, job.timeline.id), eq(timelines.accountId, job.accountId)));
  return timeline ? timelineLiveSeconds(engine.db.orm, job.accountId, timeline.setting.general) : DEFAULT_SECONDS;
}

/** The invitation: the webinar's time, the registrant as the one guest, their own join link. */
export function inviteEvent(job: ActionJob, seconds: number): calendar_v3.Schema$Event {
  const { event, registrant } = job;
  const zone = isKnownZone(event.timeZone) ? { timeZone: event.timeZone } : {};
  const summary = fillMergeTags(modelText(job, "subject"), messageVariables(job)) || event.name;
  const join = event.joinUrl;
  return {
    id: inviteEventId(job.idempotencyKey),
    summary,
    description: join ? `Join the webinar: ${join}` : `${event.name}`,
    ...(join && { location: join, source: { title: event.name || summary, url: join } }),
    start: { dateTime: event.startsAt.toISOString(), ...zone },
    end: { dateTime: new Date(event.startsAt.getTime() + seconds * 1000).toISOString(), ...zone },
    attendees: [{ email: registrant.email, ...(registrant.name && { displayName: registrant.name }) }],
    // One event per registrant (each has their own join link); guests never see each other.
    guestsCanSeeOtherGuests: false,
    guestsCanInviteOthers: false,
    reminders: { useDefault: true },
  };
}

/**
 * GOOGLECALENDAR · sendInvite: an event on the picked calendar (`model.calendar`) at the
 * webinar's time with the registrant as guest, Google sending the invitation
 * (`sendUpdates=all`). A retry after a lost answer inserts the same id: Google's 409 ("already
 * exists") is read back with events.get — the invitation is there (sent once), or the host
 * deleted it (not sent again).
 */
export async function sendInvite(run: ActionRun): Promise<ActionOutcome> {
  const { job, service } = run;
  requireReady(job);
  if (!job.registrant.email.trim()) return NO_EMAIL;
  const label = service.label;
  const calendarId = modelText(job, "calendar");
  const body = inviteEvent(job, await liveSeconds(run));
  const api = await asAction(() => calendarApi(service));
  const inserted = await forAction(
    label,
    async () => (await api.events.insert({ calendarId, sendUpdates: "all", requestBody: body })).data,
    { 409: undefined },
  );
  if (inserted) return { status: "sent", detail: `invitation ${inserted.id ?? body.id} sent to ${job.registrant.email}` };
  const existing = (await forAction(label, async () => (await api.events.get({ calendarId, eventId: body.id as string })).data));
  if (existing.status === "cancelled") {
    return { status: "skipped", reason: "this invitation was deleted from the calendar; it is not sent again" };
  }
  return { status: "sent", detail: `invitation ${existing.id ?? body.id} was already on the calendar (sent once)` };
}
