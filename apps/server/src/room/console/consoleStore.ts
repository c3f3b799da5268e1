import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { ConsoleAction, ConsoleActionKind, ConsoleSnapshot } from "@cuepoint/sdk";
import { attendance, roomActivity, roomChatMessages, roomConsoleActions, users, type RoomConsoleActionRow } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";

/** The console's store: the recorded actions (room_console_actions), the event's figures, who the caller is. */

type Target = { accountId: string; eventId: string };

/** The event's chat and CTA figures: messages, questions (attendee messages), answered, CTA views and clicks, pushes. */
export async function consoleStats(orm: Orm, target: Target): Promise<ConsoleSnapshot["stats"]> {
  const m = roomChatMessages;
  const [chat] = await orm
    .select({
      messages: count(),
      questions: sql<number>`count(*) filter (where ${m.from} = 'attendee')`.mapWith(Number),
      answered: sql<number>`count(*) filter (where ${m.from} = 'attendee' and ${m.answeredAt} is not null)`.mapWith(Number),
    })
    .from(m)
    .where(and(eq(m.eventId, target.eventId), eq(m.accountId, target.accountId), isNull(m.deletedAt)));
  const [cta] = await orm
    .select({ clicks: sql<number>`count(*) filter (where ${roomActivity.kind} = 'cta_click')`.mapWith(Number) })
    .from(roomActivity)
    .where(and(eq(roomActivity.eventId, target.eventId), eq(roomActivity.accountId, target.accountId)));
  // A view is a CTA in an attendance row's `cta_seen` (written with the attendance, at most 30 s after).
  const [seen] = await orm
    .select({ views: sql<number>`coalesce(sum(cardinality(${attendance.ctaSeen})), 0)`.mapWith(Number) })
    .from(attendance)
    .where(and(eq(attendance.eventId, target.eventId), eq(attendance.accountId, target.accountId)));
  const [pushes] = await orm
    .select({ n: count() })
    .from(roomConsoleActions)
    .where(
      and(
        eq(roomConsoleActions.eventId, target.eventId),
        eq(roomConsoleActions.accountId, target.accountId),
        inArray(roomConsoleActions.kind, ["cta", "subject"]),
      ),
    );
  return {
    messages: chat?.messages ?? 0,
    questions: chat?.questions ?? 0,
    answered: chat?.answered ?? 0,
    ctaViews: seen?.views ?? 0,
    ctaClicks: cta?.clicks ?? 0,
    pushes: pushes?.n ?? 0,
  };
}

/** Who the caller is in the record: their name, else their email. */
export async function callerLabel(orm: Orm, caller: { userId: string; accountId: string }): Promise<string> {
  const [user] = await orm
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, caller.userId), eq(users.accountId, caller.accountId)));
  return user?.name.trim() || user?.email || "";
}

/** A recorded console action on the wire. */
export function toConsoleAction(row: RoomConsoleActionRow): ConsoleAction {
  return { id: row.id, kind: row.kind as ConsoleActionKind, at: row.at.getTime(), by: row.by, detail: row.detail };
}

/** Records what the host did; answers it as the console shows it. */
export async function recordAction(
  orm: Pick<Orm, "insert">,
  fields: { accountId: string; eventId: string; kind: ConsoleActionKind; userId: string; by: string; at: Date; detail?: Record<string, unknown> },
): Promise<ConsoleAction> {
  const [row] = await orm
    .insert(roomConsoleActions)
    .values({ ...fields, detail: fields.detail ?? {} })
    .returning();
  if (!row) throw new Error("The console action was not recorded.");
  return toConsoleAction(row);
}

/** Every recorded action of an event, oldest first. */
export async function eventActions(orm: Orm, target: { accountId: string; eventId: string }): Promise<ConsoleAction[]> {
  const rows = await orm
    .select()
    .from(roomConsoleActions)
    .where(and(eq(roomConsoleActions.eventId, target.eventId), eq(roomConsoleActions.accountId, target.accountId)))
    .orderBy(asc(roomConsoleActions.seq));
  return rows.map(toConsoleAction);
}
