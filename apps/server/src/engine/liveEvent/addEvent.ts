import { and, eq } from "drizzle-orm";
import { registrants, timelines } from "../../db/schema/index.js";
import { modelText } from "../../integrations/actions/require.js";
import { PermanentActionError } from "../../integrations/actions/types.js";
import { scheduleRegistrants } from "../schedule.js";
import { isUuid } from "../../http/ids.js";
import { publicTimelineOf, upcomingSessions } from "../../events/publicTimeline.js";
import { registrantOf, sameAddress, when, type LiveEventExecutor } from "./run.js";

/**
 * `addEvent`: the registrant is registered for the next open session of the timeline the node
 * names (`model.timelineID`) — the session the timeline's registration form would give a visitor
 * now (`upcomingSessions`, as the CSV import picks) — with their name, email, phone, custom fields,
 * time zone and SMS consent, and that registration's jobs are scheduled as a registration gets
 * them (`scheduleRegistrants`). Only a timeline of the job's own account that is not trashed; an
 * address banned in the account is not registered; someone registered for that session already
 * is left as they are (a retry adds nothing).
 */
export const addEvent: LiveEventExecutor = async ({ job, engine }) => {
  const now = engine.now();
  const targetId = modelText(job, "timelineID");
  if (!isUuid(targetId)) {
    throw new PermanentActionError(`Cuepoint Events: "${targetId}" is not a timeline id (timelineID); pick the timeline again.`);
  }
  return engine.db.orm.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: timelines.id, accountId: timelines.accountId, name: timelines.name, setting: timelines.setting })
      .from(timelines)
      .where(and(eq(timelines.id, targetId), eq(timelines.accountId, job.accountId), eq(timelines.status, "active")));
    if (!target) {
      throw new PermanentActionError("Cuepoint Events: the timeline to register for (timelineID) is not one of this account's timelines, or it is in the trash.");
    }
    const person = await registrantOf(tx, job);
    if (!person) return { status: "skipped", reason: "the registrant was deleted" };
    const timeline = publicTimelineOf(target);
    const [session] = await upcomingSessions(tx, timeline, now);
    if (!session) return { status: "skipped", reason: `the timeline "${timeline.name}" has no open session to register for` };
    const at = when(session.startsAt, session.timeZone);
    const [banned] = await tx
      .select({ uuid: registrants.uuid })
      .from(registrants)
      .where(and(eq(registrants.accountId, job.accountId), sameAddress(person.email), eq(registrants.banned, true)))
      .limit(1);
    if (banned) return { status: "skipped", reason: `${person.email} is banned in this account` };
    const [added] = await tx
      .insert(registrants)
      .values({
        accountId: job.accountId,
        timelineId: target.id,
        eventId: session.id,
        email: person.email,
        name: person.name,
        phone: person.phone,
        customFields: person.customFields,
        source: "form",
        timeZone: person.timeZone,
        smsConsent: person.smsConsent,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ uuid: registrants.uuid });
    if (!added) return { status: "sent", detail: `Already registered for "${timeline.name}" on ${at}.` };
    await scheduleRegistrants(tx, [added.uuid], now);
    return { status: "sent", detail: `Registered for "${timeline.name}" on ${at}.` };
  });
};
