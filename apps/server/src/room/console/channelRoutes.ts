import * as v from "valibot";
import { defineRoute } from "../../http/route.js";
import { ownEvent } from "../../events/access.js";
import { streamConsole } from "../channel.js";
import { CONSOLE_TAG } from "./consoleActions.js";

/** `?lastEventId=`: a reopened EventSource's resume position (the header `Last-Event-ID` is read first). */
const ConsoleChannelQuerySchema = v.object({ lastEventId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, "lastEventId is a message seq (a whole number)."))) });

const consoleChannel = defineRoute({
  method: "GET",
  path: "/webinars/:id/console/channel",
  operationId: "console.channel",
  tag: CONSOLE_TAG,
  summary: "The host console's live channel of an event (Server-Sent Events)",
  description:
    "`:id` is the webinar event id. Events: `hello` { serverNow } first; after `Last-Event-ID` (or `?lastEventId=`) the " +
    "messages with a greater seq; `presence` { present: PresentAttendee[], simulated } now and on change (at most every " +
    "2 s; everyone present on every instance — a reconnect within 10 s is not a leave); `message` a ConsoleMessage, new " +
    "(SSE id = its seq) or changed (no id); `action` a ConsoleAction; `control` { startedAt, endedAt }; `mute` " +
    "{ registrantId, muted }; a comment every 15 s. Another account's event answers 404. Needs `leads:read` (attendees' names and emails).",
  access: "leads:read",
  query: ConsoleChannelQuerySchema,
  answer: { description: "An event stream.", contentType: "text/event-stream" },
  async handle({ params, caller, deps, c }) {
    const event = await ownEvent(deps.db.orm, caller.accountId, params.id ?? "");
    return streamConsole(c, deps.room, { accountId: caller.accountId, eventId: event.id });
  },
});

/** The console's channel (the hub's console streams: ../hub/consoleStreams.ts). */
export const consoleChannelRoutes = [consoleChannel];
