import * as v from "valibot";
import { ConsoleActionSchema, ConsolePushRequestSchema, roomViewAt, type RoomItem } from "@cuepoint/sdk";
import { conflict } from "../../http/errors.js";
import { defineRoute } from "../../http/route.js";
import { CONSOLE_NOTE, CONSOLE_PATH, CONSOLE_TAG, consoleTarget, recordConsoleAction } from "./consoleActions.js";
import { loadConsoleRoom } from "./consoleEvent.js";

const push = defineRoute({
  method: "POST",
  path: `${CONSOLE_PATH}/push`,
  operationId: "console.push",
  tag: CONSOLE_TAG,
  summary: "Push a call to action or a subject change to everyone in the room now",
  description:
    `${CONSOLE_NOTE} While the event is live (409 otherwise). The room gets an \`item\` with id \`push-<uuid>\` at the live ` +
    "position; it is stored with the recorded action, so later snapshots, the replay and the CTA analytics " +
    "(views, clicks) know it like the script's own items.",
  access: "webinars:write",
  body: ConsolePushRequestSchema,
  answer: { description: "The recorded action (201).", schema: v.object({ success: ConsoleActionSchema }) },
  async handle({ body, params, caller, deps, c }) {
    const room = await loadConsoleRoom(deps.db.orm, caller.accountId, params.id ?? "");
    const target = consoleTarget(room);
    const view = roomViewAt(room.timing, deps.config.now().getTime());
    if (view.phase !== "live") throw conflict("You can push while the event is live.");
    const id = `push-${crypto.randomUUID()}`;
    const offsetSeconds = Math.floor(view.positionSeconds);
    const item: RoomItem =
      body.kind === "cta"
        ? {
            id,
            action: "cta",
            offsetSeconds,
            cta: { headline: body.cta.headline, subheadline: body.cta.subheadline, buttonText: body.cta.buttonTitle, url: body.cta.link },
          }
        : { id, action: "changesubject", offsetSeconds, subject: body.subject };
    const action = await recordConsoleAction(deps, target, caller, body.kind, { item });
    await deps.roomBus.publish({ type: "item", eventId: target.eventId, item });
    return c.json({ success: action }, 201);
  },
});

/** A CTA or a subject pushed to the room while live (stored as room items: pushes.ts). */
export const consolePushRoutes = [push];
