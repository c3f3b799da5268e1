import { and, eq, isNull } from "drizzle-orm";
import * as v from "valibot";
import {
  ConsoleActionSchema,
  ConsoleAnswerRequestSchema,
  ConsoleBanRequestSchema,
  ConsoleEventSchema,
  ConsoleMessageRequestSchema,
  ConsoleMessageSchema,
  ConsoleMuteRequestSchema,
  ConsolePushRequestSchema,
  ConsoleSnapshotSchema,
  roomControlOf,
  roomViewAt,
  type RoomItem,
} from "@cuepoint/sdk";
import { eventControls, registrants, roomChatMessages, roomChatMutes } from "../../db/schema/index.js";
import type { AppDeps } from "../../deps.js";
import { setRegistrantBanned } from "../../engine/schedule.js";
import { conflict, HttpError } from "../../http/errors.js";
import { isUuid } from "../../http/ids.js";
import { defineRoute } from "../../http/route.js";
import { chatSettingsOf, consoleEventOf, loadConsoleRoom, type ConsoleRoom } from "./consoleEvent.js";
import { callerLabel, consoleStats, markAnswered } from "./consoleStore.js";
import { mailReply } from "./replyMail.js";
import { eventRegistrant } from "./sendChat.js";
import { eventActions, findMessage, latestMessages, mutedRegistrants, recordAction, toStored } from "./store.js";
import type { StoredChatMessage } from "./types.js";
import { toConsoleMessage } from "./visibility.js";

const tag = "Live console";
const BASE = "/webinars/:id/console";
const NOTE =
  "The host's live console of one event (`:id` as `GET /webinars/:id`); another account's event, message or " +
  "registrant answers 404. Every action is recorded (who, when) and shows in the console and the event's analytics.";
const NO_REGISTRANT = "There is no registrant with this id in this event.";
const NO_MESSAGE = "There is no message with this id in this event.";
/** The console shows the latest this many messages (the channel brings the rest as they come). */
const CONSOLE_MESSAGES = 500;

type Target = { accountId: string; eventId: string };
const targetOf = (room: ConsoleRoom): Target => ({ accountId: room.accountId, eventId: room.event.id });

async function registrantOf(deps: AppDeps, target: Target, id: string, field: string) {
  const row = await eventRegistrant(deps.db.orm, target, id);
  if (!row) throw new HttpError(404, NO_REGISTRANT, field);
  return row;
}

async function messageOf(deps: AppDeps, target: Target, id: string, field?: string): Promise<StoredChatMessage> {
  const found = isUuid(id) ? await findMessage(deps.db.orm, target, id) : undefined;
  if (!found) throw new HttpError(404, NO_MESSAGE, field);
  return found;
}

/** Records an action and tells the consoles. */
async function record(deps: AppDeps, target: Target, caller: { userId: string; accountId: string }, kind: Parameters<typeof recordAction>[1]["kind"], detail: Record<string, unknown>) {
  const by = await callerLabel(deps.db.orm, caller);
  const action = await recordAction(deps.db.orm, { ...target, kind, userId: caller.userId, by, at: deps.config.now(), detail });
  await deps.roomBus.publish({ type: "action", eventId: target.eventId, action });
  return action;
}

const get = defineRoute({
  method: "GET",
  path: BASE,
  operationId: "console.get",
  tag,
  summary: "Everything the live console shows now",
  description:
    `${NOTE} \`present\`: the people in the live room now (every instance) with how long they have been there; ` +
    "`simulated`: the count attendees see when it is simulated (null otherwise); the latest 500 messages, oldest " +
    "first; the muted registrants; every recorded action; the event's chat and CTA figures. Live updates come on " +
    "`GET /webinars/:id/console/channel`. Needs `leads:read`: it lists attendees' names and emails.",
  access: "leads:read",
  answer: { description: "The console.", schema: v.object({ success: ConsoleSnapshotSchema }) },
  async handle({ params, caller, deps }) {
    const { orm } = deps.db;
    const room = await loadConsoleRoom(orm, caller.accountId, params.id ?? "");
    const target = targetOf(room);
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

const send = defineRoute({
  method: "POST",
  path: `${BASE}/messages`,
  operationId: "console.send",
  tag,
  summary: "Send a chat message as the host: to everyone, or privately to one attendee",
  description:
    `${NOTE} \`toAll\`: every attendee sees it; else only \`toRegistrantId\` (a registrant of this event). ` +
    "`replyTo` names the message it answers (marked answered). A private reply to someone not in the room now is " +
    "also mailed through the timeline's SMTP integration (the autoresponder's) with their replay link: `emailed`. " +
    "The same `clientId` again answers the stored message with 200. Host messages carry the timeline's organizer " +
    "name (else \"Host\"); `sentBy` is the user who sent it.",
  access: "webinars:write",
  body: ConsoleMessageRequestSchema,
  answer: { description: "The stored message (201; 200 for a repeated clientId).", schema: v.object({ success: ConsoleMessageSchema }) },
  async handle({ params, body, caller, deps, c }) {
    const { orm } = deps.db;
    const room = await loadConsoleRoom(orm, caller.accountId, params.id ?? "");
    const target = targetOf(room);
    const addressee = body.toRegistrantId === undefined ? undefined : await registrantOf(deps, target, body.toRegistrantId, "toRegistrantId");
    const replied = body.replyTo === undefined ? undefined : await messageOf(deps, target, body.replyTo, "replyTo");
    const mine = and(
      eq(roomChatMessages.eventId, target.eventId),
      isNull(roomChatMessages.registrantId),
      eq(roomChatMessages.sentByUserId, caller.userId),
      eq(roomChatMessages.clientId, body.clientId),
    );
    const [stored] = await orm.select().from(roomChatMessages).where(mine);
    if (stored) return c.json({ success: toConsoleMessage(toStored(stored, null)) }, 200);
    const now = deps.config.now();
    const by = await callerLabel(orm, caller);
    const [row] = await orm
      .insert(roomChatMessages)
      .values({
        ...target,
        registrantId: null,
        from: "host",
        name: room.general.organizer.trim() || "Host",
        body: body.body,
        toAll: body.toAll,
        toRegistrantId: addressee?.uuid ?? null,
        replyTo: replied?.id ?? null,
        clientId: body.clientId,
        sentBy: by,
        sentByUserId: caller.userId,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const [raced] = await orm.select().from(roomChatMessages).where(mine);
      if (!raced) throw conflict("The message could not be stored; send it again.");
      return c.json({ success: toConsoleMessage(toStored(raced, null)) }, 200);
    }
    let message = toStored(row, null);
    await deps.roomBus.publish({ type: "chat", eventId: target.eventId, message });
    if (replied && (await markAnswered(orm, target, replied.id, now))) {
      await deps.roomBus.publish({ type: "chat", eventId: target.eventId, message: { ...replied, answeredAt: now.getTime() } });
    }
    if (!body.toAll && addressee) {
      const { present } = await deps.room.presence(target);
      if (!present.some((person) => person.registrantId === addressee.uuid)) {
        const mailed = await mailReply(deps, room, addressee, body.body);
        if (mailed.sent) {
          await orm.update(roomChatMessages).set({ emailed: true }).where(eq(roomChatMessages.id, row.id));
          message = { ...message, emailed: true };
          await deps.roomBus.publish({ type: "chat", eventId: target.eventId, message });
        } else {
          console.warn(`The reply ${row.id} to a registrant who left was not mailed: ${mailed.reason}`);
        }
      }
    }
    await record(deps, target, caller, "chat", { messageId: row.id, toAll: body.toAll, toRegistrantId: addressee?.uuid ?? null, emailed: message.emailed });
    return c.json({ success: toConsoleMessage(message) }, 201);
  },
});

const answer = defineRoute({
  method: "PATCH",
  path: `${BASE}/messages/:messageId`,
  operationId: "console.answer",
  tag,
  summary: "Mark a message answered, or not",
  description: `${NOTE} Recorded as an \`answer\` action.`,
  access: "webinars:write",
  body: ConsoleAnswerRequestSchema,
  answer: { description: "The message.", schema: v.object({ success: ConsoleMessageSchema }) },
  async handle({ params, body, caller, deps }) {
    const room = await loadConsoleRoom(deps.db.orm, caller.accountId, params.id ?? "");
    const target = targetOf(room);
    const found = await messageOf(deps, target, params.messageId ?? "");
    const now = deps.config.now();
    if (await markAnswered(deps.db.orm, target, found.id, body.answered ? now : null)) {
      const message = { ...found, answeredAt: body.answered ? now.getTime() : null };
      await deps.roomBus.publish({ type: "chat", eventId: target.eventId, message });
      await record(deps, target, caller, "answer", { messageId: found.id, answered: body.answered });
      return { success: toConsoleMessage(message) };
    }
    return { success: toConsoleMessage(found) };
  },
});

const remove = defineRoute({
  method: "DELETE",
  path: `${BASE}/messages/:messageId`,
  operationId: "console.deleteMessage",
  tag,
  summary: "Delete a message: nobody sees it any more",
  description: `${NOTE} The channels send \`chat-delete\` { id } to those who saw it. Deleting twice is fine (204).`,
  access: "webinars:write",
  answer: { description: "Deleted (204, no body)." },
  async handle({ params, caller, deps, c }) {
    const room = await loadConsoleRoom(deps.db.orm, caller.accountId, params.id ?? "");
    const target = targetOf(room);
    const found = await messageOf(deps, target, params.messageId ?? "");
    if (found.deletedAt === null) {
      const now = deps.config.now();
      await deps.db.orm.update(roomChatMessages).set({ deletedAt: now }).where(eq(roomChatMessages.id, found.id));
      await deps.roomBus.publish({ type: "chat", eventId: target.eventId, message: { ...found, deletedAt: now.getTime() } });
      await record(deps, target, caller, "delete", { messageId: found.id, registrantId: found.registrantId });
    }
    return c.body(null, 204);
  },
});

const mute = defineRoute({
  method: "POST",
  path: `${BASE}/mute`,
  operationId: "console.mute",
  tag,
  summary: "Mute a registrant in the chat (silently), or unmute them",
  description:
    `${NOTE} A muted attendee's new messages are stored \`muted\`: they still see them, nobody else does (the host ` +
    "sees them marked). Their earlier messages stay as they were.",
  access: "webinars:write",
  body: ConsoleMuteRequestSchema,
  answer: { description: "Done (204, no body)." },
  async handle({ body, params, caller, deps, c }) {
    const { orm } = deps.db;
    const room = await loadConsoleRoom(orm, caller.accountId, params.id ?? "");
    const target = targetOf(room);
    const registrant = await registrantOf(deps, target, body.registrantId, "registrantId");
    const changed = body.muted
      ? await orm
          .insert(roomChatMutes)
          .values({ ...target, registrantId: registrant.uuid, mutedAt: deps.config.now() })
          .onConflictDoNothing()
          .returning({ id: roomChatMutes.registrantId })
      : await orm
          .delete(roomChatMutes)
          .where(and(eq(roomChatMutes.eventId, target.eventId), eq(roomChatMutes.registrantId, registrant.uuid)))
          .returning({ id: roomChatMutes.registrantId });
    if (changed.length > 0) {
      await deps.roomBus.publish({ type: "mute", eventId: target.eventId, registrantId: registrant.uuid, muted: body.muted });
      await record(deps, target, caller, body.muted ? "mute" : "unmute", { registrantId: registrant.uuid, name: registrant.name });
    }
    return c.body(null, 204);
  },
});

const ban = defineRoute({
  method: "POST",
  path: `${BASE}/ban`,
  operationId: "console.ban",
  tag,
  summary: "Ban a registrant (the leads ban): their room closes",
  description:
    `${NOTE} The same ban as \`POST /registrants/ban\`: the registrant's links answer 403 from now on, their open ` +
    "channels close (`bye` { reason: \"banned\" }), they get no more actions and cannot register again. Lift it " +
    "from the leads list.",
  access: "webinars:write",
  body: ConsoleBanRequestSchema,
  answer: { description: "Banned (204, no body)." },
  async handle({ body, params, caller, deps, c }) {
    const { orm } = deps.db;
    const room = await loadConsoleRoom(orm, caller.accountId, params.id ?? "");
    const target = targetOf(room);
    const registrant = await registrantOf(deps, target, body.registrantId, "registrantId");
    if (!registrant.banned) {
      await orm.transaction(async (tx) => {
        await tx.update(registrants).set({ banned: true }).where(and(eq(registrants.uuid, registrant.uuid), eq(registrants.accountId, target.accountId)));
        await setRegistrantBanned(tx, registrant.uuid, true, deps.config.now());
      });
      await record(deps, target, caller, "ban", { registrantId: registrant.uuid, name: registrant.name });
    }
    await deps.roomBus.publish({ type: "ban", eventId: target.eventId, registrantId: registrant.uuid });
    return c.body(null, 204);
  },
});

const push = defineRoute({
  method: "POST",
  path: `${BASE}/push`,
  operationId: "console.push",
  tag,
  summary: "Push a call to action or a subject change to everyone in the room now",
  description:
    `${NOTE} While the event is live (409 otherwise). The room gets an \`item\` with id \`push-<uuid>\` at the live ` +
    "position; it is stored with the recorded action, so later snapshots, the replay and the CTA analytics " +
    "(views, clicks) know it like the script's own items.",
  access: "webinars:write",
  body: ConsolePushRequestSchema,
  answer: { description: "The recorded action (201).", schema: v.object({ success: ConsoleActionSchema }) },
  async handle({ body, params, caller, deps, c }) {
    const room = await loadConsoleRoom(deps.db.orm, caller.accountId, params.id ?? "");
    const target = targetOf(room);
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
    const action = await record(deps, target, caller, body.kind, { item });
    await deps.roomBus.publish({ type: "item", eventId: target.eventId, item });
    return c.json({ success: action }, 201);
  },
});

function controlRoute(which: "start" | "end") {
  return defineRoute({
    method: "POST",
    path: `${BASE}/${which}`,
    operationId: `console.${which}`,
    tag,
    summary: which === "start" ? "Start a semi-automatic or manual event now" : "End a manual event now",
    description:
      which === "start"
        ? `${NOTE} Attendees wait in the waiting room (even past the scheduled time) until the host starts; the room ` +
          "then plays from the start. 409 for an automatic event or one already started."
        : `${NOTE} A manual event (\`webinarType\` manual or \`manualControl\`) ends when the host ends it. 409 for ` +
          "other events, before the start, or when already ended.",
    access: "webinars:write",
    answer: { description: "The event now.", schema: v.object({ success: ConsoleEventSchema }) },
    async handle({ params, caller, deps }) {
      const { orm } = deps.db;
      const room = await loadConsoleRoom(orm, caller.accountId, params.id ?? "");
      const target = targetOf(room);
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
      await record(deps, target, caller, which, {});
      return { success: await consoleEventOf(orm, after, now.getTime()) };
    },
  });
}

/** The host's live console (below /api/webinars/{id}/console); its channel is H5's. */
export const consoleRoutes = [get, send, answer, remove, mute, ban, push, controlRoute("start"), controlRoute("end")];
