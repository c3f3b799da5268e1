import * as v from "valibot";
import { ConsoleSnapshotSchema } from "@cuepoint/sdk";
import { defineRoute } from "../../http/route.js";
import { eventActions, consoleStats } from "./consoleStore.js";
import { chatSettingsOf, consoleEventOf, loadConsoleRoom } from "./consoleEvent.js";
import { CONSOLE_NOTE, CONSOLE_PATH, CONSOLE_TAG, consoleTarget } from "./consoleActions.js";
import { latestMessages, mutedRegistrants } from "../chat/store.js";
import { toConsoleMessage } from "../chat/visibility.js";

/** The console shows the latest this many messages (the channel brings the rest as they come). */
const CONSOLE_MESSAGES = 500;

const get = defineRoute({
  method: "GET",
  path: CONSOLE_PATH,
  operationId: "console.get",
  tag: CONSOLE_TAG,
  summary: "Everything the live console shows now",
  description:
    `${CONSOLE_NOTE} \`present\`: the people in the live room now (every instance) with how long they have been there; ` +
    "`simulated`: the count attendees see when it is simulated (null otherwise); the latest 500 messages, oldest " +
    "first; the muted registrants; every recorded action; the event's chat and CTA figures. Live updates come on " +
    "`GET /webinars/:id/console/channel`. Needs `leads:read`: it lists attendees' names and emails.",
  access: "leads:read",
  answer: { description: "The console.", schema: v.object({ success: ConsoleSnapshotSchema }) },
  async handle({ params, caller, deps }) {
    const { orm } = deps.db;
    const room = await loadConsoleRoom(orm, caller.accountId, params.id ?? "");
    const target = consoleTarget(room);
    const now = deps.config.now().getTime();
    const [event, presence, messages, muted, actions, stats] = await Promise.all([
      consoleEventOf(orm, room, now),
      deps.room.presence(target),
      latestMessages(orm, target, CONSOLE_MESSAGES),
      mutedRegistrants(orm, target.eventId),
      eventActions(orm, target),
      consoleStats(orm, target),
    ]);
    return {
      success: {
        serverNow: now,
        event,
        chat: chatSettingsOf(room),
        present: presence.present,
        simulated: presence.simulated,
        messages: messages.map(toConsoleMessage),
        muted,
        actions,
        stats,
      },
    };
  },
});

/** The host's live console (below /api/webinars/{id}/console): what it shows now. Its chat is ../chat/hostChatRoutes.ts, its channel channelRoutes.ts. */
export const consoleRoutes = [get];
