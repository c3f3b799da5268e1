import type {
  ConsoleAction,
  ConsoleEvent,
  ConsoleMessage,
  ConsoleMessageRequest,
  ConsoleMuteRequest,
  ConsolePushRequest,
  ConsoleSnapshot,
  RoomChatMessage,
  RoomChatSendRequest,
} from "../schemas/roomChat.js";
import type { LiveStream } from "../schemas/liveStream.js";
import type { CuepointPromise, Fetcher } from "./createFetcher.js";
import { group } from "./group.js";
import { fetcherOf, route, type CallOf } from "./route.js";
import type { Success } from "./types.js";

type Id = string | number;

/** The room's chat, as an attendee (the personal token; no bearer token is sent). */
export interface RoomChatResource {
  /**
   * `POST /public/room/{token}/chat` `{ clientId, body }`: sends a message; resolves the stored
   * `RoomChatMessage` (201, or 200 when this `clientId` was already stored: a retry is never
   * stored twice). Rejects with an `ApiError`: 400 (empty, too long), 429 (too fast), 403 (the
   * chat is closed), 404/410 (the link).
   *
   * @example
   * const { success: sent } = await client.room.chat.send(token, { clientId: crypto.randomUUID(), body: "Hello!" })
   */
  send(token: string, body: RoomChatSendRequest): CuepointPromise<Success<RoomChatMessage>>;
}

/**
 * `POST /public/room/{token}/chat` `{ clientId, body }`, without the bearer token: sends an
 * attendee's message (`client.room.chat.send`).
 *
 * @example
 * const { success: sent } = await roomChatSend(client, token, { clientId: crypto.randomUUID(), body: "Hello!" })
 */
export const roomChatSend: CallOf<RoomChatResource["send"]> = (client, token, body) =>
  fetcherOf(client)("POST", `/public/room/${encodeURIComponent(token)}/chat`, body, { auth: false });

/** The chat of a room (`client.room.chat`). */
export const roomChat = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): RoomChatResource => ({
  send: (token, body) => roomChatSend(call, token, body),
});

/** The host's live console of one event (`id`: the webinar event's id, as `webinars.get`). */
export interface ConsoleResource {
  /** `GET /webinars/{id}/console`: everything the console shows now. @example const { success: live } = await client.console.get(id) */
  get(id: Id): CuepointPromise<Success<ConsoleSnapshot>>;
  /**
   * `POST /webinars/{id}/console/messages`: the host's message, to everyone (`toAll`) or privately
   * to `toRegistrantId` (mailed with their replay link when they have left: `emailed`).
   *
   * @example
   * await client.console.send(id, { clientId: crypto.randomUUID(), body: "Welcome!", toAll: true })
   */
  send(id: Id, body: ConsoleMessageRequest): CuepointPromise<Success<ConsoleMessage>>;
  /** `PATCH /webinars/{id}/console/messages/{messageId}` `{ answered }`. @example await client.console.answer(id, message.id, true) */
  answer(id: Id, messageId: string, answered: boolean): CuepointPromise<Success<ConsoleMessage>>;
  /** `DELETE /webinars/{id}/console/messages/{messageId}`: nobody sees it any more. @example await client.console.deleteMessage(id, message.id) */
  deleteMessage(id: Id, messageId: string): CuepointPromise<void>;
  /** `POST /webinars/{id}/console/mute`: a silent mute (their messages reach nobody else). @example await client.console.mute(id, { registrantId, muted: true }) */
  mute(id: Id, body: ConsoleMuteRequest): CuepointPromise<void>;
  /** `POST /webinars/{id}/console/ban` `{ registrantId }`: the leads ban; their room closes. @example await client.console.ban(id, registrantId) */
  ban(id: Id, registrantId: string): CuepointPromise<void>;
  /**
   * `POST /webinars/{id}/console/push`: a CTA or a subject change, now, to everyone present.
   *
   * @example
   * await client.console.push(id, { kind: "subject", subject: "Questions and answers" })
   */
  push(id: Id, body: ConsolePushRequest): CuepointPromise<Success<ConsoleAction>>;
  /** `POST /webinars/{id}/console/start` (semi-automatic and manual events). @example await client.console.start(id) */
  start(id: Id): CuepointPromise<Success<ConsoleEvent>>;
  /** `POST /webinars/{id}/console/end` (manual events). @example await client.console.end(id) */
  end(id: Id): CuepointPromise<Success<ConsoleEvent>>;
  /** `GET /webinars/{id}/live`: the RTMP ingest address, secret stream key and stream state (issue 17). @example const { success: live } = await client.console.live(id) */
  live(id: Id): CuepointPromise<Success<LiveStream>>;
  /** `POST /webinars/{id}/live/key`: a new stream key; the old one stops working. @example await client.console.newStreamKey(id) */
  newStreamKey(id: Id): CuepointPromise<Success<LiveStream>>;
}

/** `GET /webinars/{id}/console`: everything the console shows now. @example const { success: live } = await consoleGet(client, id) */
export const consoleGet: CallOf<ConsoleResource["get"]> = /* @__PURE__ */ route("GET /webinars/{id}/console");

/**
 * `POST /webinars/{id}/console/messages`: the host's message, to everyone (`toAll`) or privately to
 * `toRegistrantId` (mailed with their replay link when they have left: `emailed`).
 *
 * @example
 * await consoleSend(client, id, { clientId: crypto.randomUUID(), body: "Welcome!", toAll: true })
 */
export const consoleSend: CallOf<ConsoleResource["send"]> = /* @__PURE__ */ route("POST /webinars/{id}/console/messages");

/** `PATCH /webinars/{id}/console/messages/{messageId}` `{ answered }`. @example await consoleAnswer(client, id, message.id, true) */
export const consoleAnswer: CallOf<ConsoleResource["answer"]> = /* @__PURE__ */ route("PATCH /webinars/{id}/console/messages/{messageId} =answered");

/** `DELETE /webinars/{id}/console/messages/{messageId}`: nobody sees it any more. @example await consoleDeleteMessage(client, id, message.id) */
export const consoleDeleteMessage: CallOf<ConsoleResource["deleteMessage"]> = /* @__PURE__ */ route("DELETE /webinars/{id}/console/messages/{messageId}");

/**
 * `POST /webinars/{id}/console/mute`: a silent mute (their messages reach nobody else).
 *
 * @example
 * await consoleMute(client, id, { registrantId, muted: true })
 */
export const consoleMute: CallOf<ConsoleResource["mute"]> = /* @__PURE__ */ route("POST /webinars/{id}/console/mute");

/** `POST /webinars/{id}/console/ban` `{ registrantId }`: the leads ban; their room closes. @example await consoleBan(client, id, registrantId) */
export const consoleBan: CallOf<ConsoleResource["ban"]> = /* @__PURE__ */ route("POST /webinars/{id}/console/ban =registrantId");

/**
 * `POST /webinars/{id}/console/push`: a CTA or a subject change, now, to everyone present.
 *
 * @example
 * await consolePush(client, id, { kind: "subject", subject: "Questions and answers" })
 */
export const consolePush: CallOf<ConsoleResource["push"]> = /* @__PURE__ */ route("POST /webinars/{id}/console/push");

/** `POST /webinars/{id}/console/start` (semi-automatic and manual events). @example await consoleStart(client, id) */
export const consoleStart: CallOf<ConsoleResource["start"]> = /* @__PURE__ */ route("POST /webinars/{id}/console/start");

/** `POST /webinars/{id}/console/end` (manual events). @example await consoleEnd(client, id) */
export const consoleEnd: CallOf<ConsoleResource["end"]> = /* @__PURE__ */ route("POST /webinars/{id}/console/end");

/**
 * `GET /webinars/{id}/live`: the RTMP ingest address, secret stream key and stream state
 * (issue 17).
 *
 * @example
 * const { success: live } = await consoleLive(client, id)
 */
export const consoleLive: CallOf<ConsoleResource["live"]> = /* @__PURE__ */ route("GET /webinars/{id}/live");

/** `POST /webinars/{id}/live/key`: a new stream key; the old one stops working. @example await consoleNewStreamKey(client, id) */
export const consoleNewStreamKey: CallOf<ConsoleResource["newStreamKey"]> = /* @__PURE__ */ route("POST /webinars/{id}/live/key");

/** The host's live console (issue 13). */
export const roomConsole = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): ConsoleResource =>
  group<ConsoleResource>(call, {
    get: consoleGet,
    send: consoleSend,
    answer: consoleAnswer,
    deleteMessage: consoleDeleteMessage,
    mute: consoleMute,
    ban: consoleBan,
    push: consolePush,
    start: consoleStart,
    end: consoleEnd,
    live: consoleLive,
    newStreamKey: consoleNewStreamKey,
  });
