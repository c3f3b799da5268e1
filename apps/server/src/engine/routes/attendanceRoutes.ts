import * as v from "valibot";
import { RecordAttendanceRequestSchema } from "@cuepoint/sdk";
import { attendance } from "../../db/schema/index.js";
import { badRequest } from "../../http/errors.js";
import { defineRoute } from "../../http/route.js";
import { ownEvent, ownRegistrant } from "../../events/access.js";

/** Attendance reported by an outside event platform (the own room writes its own: room/README.md). */

const tag = "Automation";

const recordAttendance = defineRoute({
  method: "POST",
  path: "/automation/attendance",
  operationId: "automation.recordAttendance",
  tag,
  summary: "Record a registrant's attendance at an event (the event platform calls this)",
  description:
    "`attendedSeconds` is the registrant's total time in the room so far (a total, not an increment: repeating a " +
    "report is harmless); `joinedAt`/`leftAt` optionally record the first join and the last leave. The Attendee " +
    "(`a1`, attended-hour > 0) and Non-Attendee (`a2`, = 0) audience groups read it when an action fires. 404 when " +
    "the event or the registrant is not the account's, 400 when the registrant is not registered for that event.",
  access: "webinars:write",
  body: RecordAttendanceRequestSchema,
  answer: {
    description: "The attendance as stored.",
    schema: v.object({ success: v.object({ webinarID: v.string(), uuid: v.string(), attendedSeconds: v.number() }) }),
  },
  async handle({ body, caller, deps }) {
    const { orm } = deps.db;
    const event = await ownEvent(orm, caller.accountId, body.webinarID);
    const registrant = await ownRegistrant(orm, caller.accountId, body.uuid);
    if (registrant.eventId !== event.id) throw badRequest("This registrant is not registered for this event.", "uuid");
    const values = {
      attendedSeconds: body.attendedSeconds,
      ...(body.joinedAt && { joinedAt: new Date(body.joinedAt) }),
      ...(body.leftAt && { leftAt: new Date(body.leftAt) }),
    };
    await orm
      .insert(attendance)
      .values({ accountId: caller.accountId, eventId: event.id, registrantId: registrant.uuid, ...values })
      .onConflictDoUpdate({ target: [attendance.eventId, attendance.registrantId], set: values });
    return { success: { webinarID: event.id, uuid: registrant.uuid, attendedSeconds: body.attendedSeconds } };
  },
});

/** The automation engine's routes (design, not in the spec): engine/README.md. */
export const attendanceRoutes = [recordAttendance];
