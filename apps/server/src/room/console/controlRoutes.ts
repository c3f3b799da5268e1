import { and, eq, isNull } from "drizzle-orm";
import * as v from "valibot";
import { ConsoleEventSchema, roomControlOf } from "@cuepoint/sdk";
import { eventControls } from "../../db/schema/index.js";
import { conflict } from "../../http/errors.js";
import { defineRoute } from "../../http/route.js";
import { CONSOLE_NOTE, CONSOLE_PATH, CONSOLE_TAG, consoleTarget, recordConsoleAction } from "./consoleActions.js";
import { consoleEventOf, loadConsoleRoom } from "./consoleEvent.js";

function controlRoute(which: "start" | "end") {
  return defineRoute({
    method: "POST",
    path: `${CONSOLE_PATH}/${which}`,
    operationId: `console.${which}`,
    tag: CONSOLE_TAG,
    summary: which === "start" ? "Start a semi-automatic or manual event now" : "End a manual event now",
    description:
      which === "start"
        ? `${CONSOLE_NOTE} Attendees wait in the waiting room (even past the scheduled time) until the host starts; the room ` +
          "then plays from the start. 409 for an automatic event or one already started."
        : `${CONSOLE_NOTE} A manual event (\`webinarType\` manual or \`manualControl\`) ends when the host ends it. 409 for ` +
          "other events, before the start, or when already ended.",
    access: "webinars:write",
    answer: { description: "The event now.", schema: v.object({ success: ConsoleEventSchema }) },
    async handle({ params, caller, deps }) {
      const { orm } = deps.db;
      const room = await loadConsoleRoom(orm, caller.accountId, params.id ?? "");
      const target = consoleTarget(room);
      const control = roomControlOf(room.general);
      const now = deps.config.now();
      if (which === "start") {
        if (control === "automatic") throw conflict("This event is automatic: it starts by itself at its time.");
        if (room.control.startedAt) throw conflict("This event has already started.");
        const started = await orm
          .insert(eventControls)
          .values({ ...target, startedAt: now })
          .onConflictDoUpdate({ target: eventControls.eventId, set: { startedAt: now }, setWhere: isNull(eventControls.startedAt) })
          .returning();
        if (started.length === 0) throw conflict("This event has already started.");
      } else {
        if (control !== "manual") {
          throw conflict(control === "automatic" ? "This event is automatic: it ends by itself." : "A semi-automatic event ends with its program.");
        }
        if (!room.control.startedAt) throw conflict("Start the event first.");
        if (room.control.endedAt) throw conflict("This event has already ended.");
        const ended = await orm
          .update(eventControls)
          .set({ endedAt: now })
          .where(and(eq(eventControls.eventId, target.eventId), isNull(eventControls.endedAt)))
          .returning();
        if (ended.length === 0) throw conflict("This event has already ended.");
      }
      const after = await loadConsoleRoom(orm, caller.accountId, target.eventId);
      const startedAt = after.control.startedAt?.getTime() ?? null;
      const endedAt = after.control.endedAt?.getTime() ?? null;
      await deps.roomBus.publish({ type: "control", eventId: target.eventId, startedAt, endedAt });
      await recordConsoleAction(deps, target, caller, which, {});
      return { success: await consoleEventOf(orm, after, now.getTime()) };
    },
  });
}

/** The host's start and end of a semi-automatic or manual event (event_controls: control.ts). */
export const consoleControlRoutes = [controlRoute("start"), controlRoute("end")];
