import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { addCalendarDays, zonedToUtc, zonedWallTime } from "@cuepoint/sdk";
import { events, registrants, type EventRow } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";
import { PermanentActionError } from "../../integrations/actions/types.js";
import { moveRegistrant, registrantOf, sameAddress, when, type LiveEventExecutor } from "./run.js";

/**
 * The id of an event's encore session: derived from the event's id (SHA-256, written as a
 * version-8 UUID), so every registrant moved from one event lands in one encore session, made
 * once — two jobs at once insert the same row and the second insert does nothing. Version 8
 * marks it: the database makes version-4 ids, so an encore is known by its id alone.
 *
 * @example
 * encoreIdOf("0b7f…"); // "5c1e…-…-8…"
 */
export function encoreIdOf(eventId: string): string {
  const hex = createHash("sha256").update(`cuepoint-encore:${eventId}`).digest("hex");
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Whether an event is an encore session (its id is an {@link encoreIdOf}). */
export const isEncoreId = (eventId: string): boolean => eventId.charAt(14) === "8";

/**
 * When an event's encore starts: the event's wall-clock time in its zone on the next day (across a
 * daylight-saving change too), or on the first later day whose time is still ahead of `now`.
 */
export function encoreStart(event: Pick<EventRow, "startsAt" | "timeZone">, now: Date): Date {
  const wall = zonedWallTime(event.startsAt, event.timeZone);
  for (let days = 1; ; days += 1) {
    const day = addCalendarDays({ year: wall.year, month: wall.month, day: wall.day }, days);
    const at = zonedToUtc({ ...day, hour: wall.hour, minute: wall.minute, second: wall.second }, event.timeZone);
    if (at > now) return at;
  }
}

/** The encore session of `event`, made when it is first needed (hidden from the registration form). */
async function encoreSessionOf(tx: Orm, event: EventRow, now: Date): Promise<EventRow> {
  const id = encoreIdOf(event.id);
  await tx
    .insert(events)
    .values({
      id,
      accountId: event.accountId,
      timelineId: event.timelineId,
      seriesId: null,
      name: `${event.name || "Event"} (encore)`,
      startsAt: encoreStart(event, now),
      timeZone: event.timeZone,
      // Only registrants moved here see it: the form keeps offering the timeline's own sessions.
      visible: false,
      createdAt: now,
    })
    .onConflictDoNothing();
  const [made] = await tx
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.accountId, event.accountId)));
  if (!made) throw new Error(`The encore session ${id} was neither made nor found.`);
  return made;
}

/**
 * `encore`: the registrant is moved to the event's encore session — a replay of the same
 * timeline the next day at the event's time, one per event, made by the first encore. Their jobs
 * of the event still waiting are canceled; the encore session's are scheduled as a registration
 * gets them (its confirmation mail, with the new time and the same join link, goes at once). An
 * encore session is not replayed again (skipped), and a registrant already moved (a retry, a
 * second encore node) is not moved twice.
 */
export const encore: LiveEventExecutor = async ({ job, engine }) => {
  const now = engine.now();
  return engine.db.orm.transaction(async (tx) => {
    const person = await registrantOf(tx, job);
    if (!person) return { status: "skipped", reason: "the registrant was deleted" };
    if (isEncoreId(job.event.id)) return { status: "skipped", reason: "this session is an encore already; an encore is not replayed again" };
    const [event] = await tx
      .select()
      .from(events)
      .where(and(eq(events.id, job.event.id), eq(events.accountId, job.accountId)));
    if (!event) throw new PermanentActionError("Cuepoint Events: the event of this registration was deleted.");
    const session = await encoreSessionOf(tx, event, now);
    const at = when(session.startsAt, session.timeZone);
    if (person.eventId === session.id) return { status: "sent", detail: `Already moved to the encore session of ${at}.` };
    if (person.eventId !== event.id) return { status: "skipped", reason: "the registrant has moved to another session since" };
    const [taken] = await tx
      .select({ uuid: registrants.uuid })
      .from(registrants)
      .where(and(eq(registrants.eventId, session.id), sameAddress(person.email)));
    if (taken) return { status: "skipped", reason: `${person.email} is registered for the encore session already` };
    await moveRegistrant(tx, { job, fromEventId: event.id, toEventId: session.id, reason: `Canceled: moved to the encore session of ${at}.` }, now);
    return { status: "sent", detail: `Moved to the encore session of ${at}.` };
  });
};
