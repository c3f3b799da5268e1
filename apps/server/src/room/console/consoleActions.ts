import type { AppDeps } from "../../deps.js";
import type { ConsoleRoom } from "./consoleEvent.js";
import { callerLabel, recordAction } from "./consoleStore.js";

/**
 * What every route of the host's console shares (its own, ./*Routes.ts, and the chat's,
 * ../chat/hostChatRoutes.ts): the path, the OpenAPI tag and note, and the recorded action that
 * each change leaves in the console and the event's analytics.
 */

export const CONSOLE_TAG = "Live console";
export const CONSOLE_PATH = "/webinars/:id/console";
export const CONSOLE_NOTE =
  "The host's live console of one event (`:id` as `GET /webinars/:id`); another account's event, message or " +
  "registrant answers 404. Every action is recorded (who, when) and shows in the console and the event's analytics.";

export type ConsoleTarget = { accountId: string; eventId: string };
export const consoleTarget = (room: ConsoleRoom): ConsoleTarget => ({ accountId: room.accountId, eventId: room.event.id });

/** Records an action and tells the consoles. */
export async function recordConsoleAction(
  deps: AppDeps,
  target: ConsoleTarget,
  caller: { userId: string; accountId: string },
  kind: Parameters<typeof recordAction>[1]["kind"],
  detail: Record<string, unknown>,
) {
  const by = await callerLabel(deps.db.orm, caller);
  const action = await recordAction(deps.db.orm, { ...target, kind, userId: caller.userId, by, at: deps.config.now(), detail });
  await deps.roomBus.publish({ type: "action", eventId: target.eventId, action });
  return action;
}
