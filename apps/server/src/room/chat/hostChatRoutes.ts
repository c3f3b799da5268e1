import { and, eq, isNull } from "drizzle-orm";
import * as v from "valibot";
import {
  ConsoleAnswerRequestSchema,
  ConsoleBanRequestSchema,
  ConsoleMessageRequestSchema,
  ConsoleMessageSchema,
  ConsoleMuteRequestSchema,
} from "@cuepoint/sdk";
import { registrants, roomChatMessages, roomChatMutes } from "../../db/schema/index.js";
import type { AppDeps } from "../../deps.js";
import { setRegistrantBanned } from "../../engine/reschedule.js";
import { conflict, HttpError } from "../../http/errors.js";
import { isUuid } from "../../http/ids.js";
import { defineRoute } from "../../http/route.js";
import { CONSOLE_NOTE, CONSOLE_PATH, CONSOLE_TAG, consoleTarget, recordConsoleAction, type ConsoleTarget } from "../console/consoleActions.js";
import { loadConsoleRoom } from "../console/consoleEvent.js";
import { callerLabel } from "../console/consoleStore.js";
import { mailReply } from "./replyMail.js";
import { eventRegistrant } from "./sendChat.js";
import { findMessage, markAnswered, toStored } from "./store.js";
import type { StoredChatMessage } from "./types.js";
import { toConsoleMessage } from "./visibility.js";

/**
 * The host's hand in the chat, from the live console (below /api/webinars/{id}/console): messages
 * to everyone or one attendee, answered, deleted, mute, ban. The console's own routes are ../console/.
 */

const NO_REGISTRANT = "There is no registrant with this id in this event.";
const NO_MESSAGE = "There is no message with this id in this event.";

async function registrantOf(deps: AppDeps, target: ConsoleTarget, id: string, field: string) {
  const row = await eventRegistrant(deps.db.orm, target, id);
  if (!row) throw new HttpError(404, NO_REGISTRANT, field);
  return row;
}

async function messageOf(deps: AppDeps, target: ConsoleTarget, id: string, field?: string): Promise<StoredChatMessage> {
  const found = isUuid(id) ? await findMessage(deps.db.orm, target, id) : undefined;
  if (!found) throw new HttpError(404, NO_MESSAGE, field);
  return found;
}

const send = defineRoute({
  method: "POST",
  path: `${CONSOLE_PATH}/messages`,
  operationId: "console.send",
  tag: CONSOLE_TAG,
  summary: "Send a chat message as the host: to everyone, or privately to one attendee",
  description:
    `${CONSOLE_NOTE} \`toAll\`: every attendee sees it; else only \`toRegistrantId\` (a registrant of this event). ` +
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
    const target = consoleTarget(room);
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
    await recordConsoleAction(deps, target, caller, "chat", { messageId: row.id, toAll: body.toAll, toRegistrantId: addressee?.uuid ?? null, emailed: message.emailed });
    return c.json({ success: toConsoleMessage(message) }, 201);
  },
});

const answer = defineRoute({
  method: "PATCH",
  path: `${CONSOLE_PATH}/messages/:messageId`,
  operationId: "console.answer",
  tag: CONSOLE_TAG,
  summary: "Mark a message answered, or not",
  description: `${CONSOLE_NOTE} Recorded as an \`answer\` action.`,
  access: "webinars:write",
  body: ConsoleAnswerRequestSchema,
  answer: { description: "The message.", schema: v.object({ success: ConsoleMessageSchema }) },
  async handle({ params, body, caller, deps }) {
    const room = await loadConsoleRoom(deps.db.orm, caller.accountId, params.id ?? "");
    const target = consoleTarget(room);
    const found = await messageOf(deps, target, params.messageId ?? "");
    const now = deps.config.now();
    if (await markAnswered(deps.db.orm, target, found.id, body.answered ? now : null)) {
      const message = { ...found, answeredAt: body.answered ? now.getTime() : null };
      await deps.roomBus.publish({ type: "chat", eventId: target.eventId, message });
      await recordConsoleAction(deps, target, caller, "answer", { messageId: found.id, answered: body.answered });
      return { success: toConsoleMessage(message) };
    }
    return { success: toConsoleMessage(found) };
  },
});

const remove = defineRoute({
  method: "DELETE",
  path: `${CONSOLE_PATH}/messages/:messageId`,
  operationId: "console.deleteMessage",
  tag: CONSOLE_TAG,
  summary: "Delete a message: nobody sees it any more",
  description: `${CONSOLE_NOTE} The channels send \`chat-delete\` { id } to those who saw it. Deleting twice is fine (204).`,
  access: "webinars:write",
  answer: { description: "Deleted (204, no body)." },
  async handle({ params, caller, deps, c }) {
    const room = await loadConsoleRoom(deps.db.orm, caller.accountId, params.id ?? "");
    const target = consoleTarget(room);
    const found = await messageOf(deps, target, params.messageId ?? "");
    if (found.deletedAt === null) {
      const now = deps.config.now();
      await deps.db.orm.update(roomChatMessages).set({ deletedAt: now }).where(eq(roomChatMessages.id, found.id));
      await deps.roomBus.publish({ type: "chat", eventId: target.eventId, message: { ...found, deletedAt: now.getTime() } });
      await recordConsoleAction(deps, target, caller, "delete", { messageId: found.id, registrantId: found.registrantId });
    }
    return c.body(null, 204);
  },
});

const mute = defineRoute({
  method: "POST",
  path: `${CONSOLE_PATH}/mute`,
  operationId: "console.mute",
  tag: CONSOLE_TAG,
  summary: "Mute a registrant in the chat (silently), or unmute them",
  description:
    `${CONSOLE_NOTE} A muted attendee's new messages are stored \`muted\`: they still see them, nobody else does (the host ` +
    "sees them marked). Their earlier messages stay as they were.",
  access: "webinars:write",
  body: ConsoleMuteRequestSchema,
  answer: { description: "Done (204, no body)." },
  async handle({ body, params, caller, deps, c }) {
    const { orm } = deps.db;
    const room = await loadConsoleRoom(orm, caller.accountId, params.id ?? "");
    const target = consoleTarget(room);
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
      await recordConsoleAction(deps, target, caller, body.muted ? "mute" : "unmute", { registrantId: registrant.uuid, name: registrant.name });
    }
    return c.body(null, 204);
  },
});

const ban = defineRoute({
  method: "POST",
  path: `${CONSOLE_PATH}/ban`,
  operationId: "console.ban",
  tag: CONSOLE_TAG,
  summary: "Ban a registrant (the leads ban): their room closes",
  description:
    `${CONSOLE_NOTE} The same ban as \`POST /registrants/ban\`: the registrant's links answer 403 from now on, their open ` +
    "channels close (`bye` { reason: \"banned\" }), they get no more actions and cannot register again. Lift it " +
    "from the leads list.",
  access: "webinars:write",
  body: ConsoleBanRequestSchema,
  answer: { description: "Banned (204, no body)." },
  async handle({ body, params, caller, deps, c }) {
    const { orm } = deps.db;
    const room = await loadConsoleRoom(orm, caller.accountId, params.id ?? "");
    const target = consoleTarget(room);
    const registrant = await registrantOf(deps, target, body.registrantId, "registrantId");
    if (!registrant.banned) {
      await orm.transaction(async (tx) => {
        await tx.update(registrants).set({ banned: true }).where(and(eq(registrants.uuid, registrant.uuid), eq(registrants.accountId, target.accountId)));
        await setRegistrantBanned(tx, registrant.uuid, true, deps.config.now());
      });
      await recordConsoleAction(deps, target, caller, "ban", { registrantId: registrant.uuid, name: registrant.name });
    }
    await deps.roomBus.publish({ type: "ban", eventId: target.eventId, registrantId: registrant.uuid });
    return c.body(null, 204);
  },
});

/** The host's messages and moderation in the chat (below /api/webinars/{id}/console). */
export const hostChatRoutes = [send, answer, remove, mute, ban];
