import * as v from "valibot";
import { OptionalUrlSchema } from "./fields.js";
import { RoomPhaseSchema } from "./room.js";
import { cleanText, TEXT_LIMITS } from "./text.js";

/*
 * Live in the room (issue 13): the chat between attendees and the host, and the host's live
 * console. CHAT-CONTRACT.md is the agreed interface; the server validates with the request
 * schemas here and answers the shapes below.
 */

/**
 * The chat's limits: a message is 1..`maxLength` characters after trimming, and an attendee may
 * send at most `burst` messages per `windowSeconds` (counted by the server in the database, so
 * the limit holds across instances).
 */
export const ROOM_CHAT_LIMITS = { maxLength: 500, burst: 3, windowSeconds: 5 } as const;

/** The sentences the chat answers with (also the widget's, so both say the same). */
export const ROOM_CHAT_MESSAGES = {
  empty: "Write a message first.",
  tooLong: `A message is at most ${ROOM_CHAT_LIMITS.maxLength} characters.`,
  tooFast: "You're sending messages too fast. Wait a few seconds and send it again.",
  closed: "The chat is closed.",
} as const;

/** Who may read attendees' messages: the host only (`private`), or every attendee (`public`). */
export type RoomChatMode = "private" | "public";

/**
 * The chat mode of `hls.livechat.type`: `"public"` lets attendees see each other's messages;
 * `""`, `"private"` and any other value keep attendee messages between them and the host.
 *
 * @example
 * chatModeOf("public"); // "public"
 * chatModeOf(""); // "private"
 */
export function chatModeOf(livechatType: string | undefined): RoomChatMode {
  return livechatType === "public" ? "public" : "private";
}

/* @__NO_SIDE_EFFECTS__ */
function epochMs() {
  return v.pipe(v.number(), v.safeInteger());
}

/* @__NO_SIDE_EFFECTS__ */
function count() {
  return v.pipe(v.number(), v.integer(), v.minValue(0));
}

const ChatFromSchema = /* @__PURE__ */ v.picklist(["attendee", "host"]);
const NullableString = /* @__PURE__ */ v.nullable(/* @__PURE__ */ v.string());

/**
 * A chat message as one attendee sees it. `seq` is its position in the stream (the channel's SSE
 * id); `mine` says this attendee wrote it; `links` is true only for the host's messages, whose
 * addresses the widget may turn into links.
 *
 * @example
 * v.parse(RoomChatMessageSchema, message).mine; // true for the reader's own question
 */
export const RoomChatMessageSchema = /* @__PURE__ */ v.object({
  id: /* @__PURE__ */ v.string(),
  seq: /* @__PURE__ */ count(),
  from: ChatFromSchema,
  name: /* @__PURE__ */ v.string(),
  body: /* @__PURE__ */ v.string(),
  sentAt: /* @__PURE__ */ epochMs(),
  mine: /* @__PURE__ */ v.boolean(),
  toAll: /* @__PURE__ */ v.boolean(),
  links: /* @__PURE__ */ v.boolean(),
  replyTo: NullableString,
});

/**
 * A chat message as the host's console sees it: every message of the event, with its author
 * (`registrantId`, `email`; null for the host's), its addressee, and what the host did with it.
 * `muted`: written while its author was muted, seen by nobody else. `emailed`: a private reply
 * mailed because its addressee had left. `sentBy`: the user who sent a host message.
 */
export const ConsoleMessageSchema = /* @__PURE__ */ v.object({
  id: /* @__PURE__ */ v.string(),
  seq: /* @__PURE__ */ count(),
  from: ChatFromSchema,
  name: /* @__PURE__ */ v.string(),
  body: /* @__PURE__ */ v.string(),
  sentAt: /* @__PURE__ */ epochMs(),
  replyTo: NullableString,
  registrantId: NullableString,
  email: NullableString,
  toAll: /* @__PURE__ */ v.boolean(),
  toRegistrantId: NullableString,
  muted: /* @__PURE__ */ v.boolean(),
  answeredAt: /* @__PURE__ */ v.nullable(/* @__PURE__ */ epochMs()),
  deletedAt: /* @__PURE__ */ v.nullable(/* @__PURE__ */ epochMs()),
  emailed: /* @__PURE__ */ v.boolean(),
  sentBy: NullableString,
});

/** Someone in the room now: since when (epoch ms) and for how many seconds. */
export const PresentAttendeeSchema = /* @__PURE__ */ v.object({
  registrantId: /* @__PURE__ */ v.string(),
  name: /* @__PURE__ */ v.string(),
  email: /* @__PURE__ */ v.string(),
  since: /* @__PURE__ */ epochMs(),
  seconds: /* @__PURE__ */ count(),
});

/** What the host did from the console. */
export const ConsoleActionKindSchema = /* @__PURE__ */ v.picklist([
  "cta",
  "subject",
  "chat",
  "start",
  "end",
  "mute",
  "unmute",
  "ban",
  "delete",
  "answer",
]);

/** One recorded console action: what, when, by whom (the user's name or email) and its details. */
export const ConsoleActionSchema = /* @__PURE__ */ v.object({
  id: /* @__PURE__ */ v.string(),
  kind: ConsoleActionKindSchema,
  at: /* @__PURE__ */ epochMs(),
  by: /* @__PURE__ */ v.string(),
  detail: /* @__PURE__ */ v.record(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.unknown()),
});

/** The event part of the console: its times, phase and control (`startedAt`/`endedAt`: the host's). */
export const ConsoleEventSchema = /* @__PURE__ */ v.object({
  id: /* @__PURE__ */ v.string(),
  title: /* @__PURE__ */ v.string(),
  subject: /* @__PURE__ */ v.string(),
  timelineId: /* @__PURE__ */ v.string(),
  startsAt: /* @__PURE__ */ epochMs(),
  endsAt: /* @__PURE__ */ epochMs(),
  phase: RoomPhaseSchema,
  control: /* @__PURE__ */ v.picklist(["automatic", "semi-automatic", "manual"]),
  startedAt: /* @__PURE__ */ v.nullable(/* @__PURE__ */ epochMs()),
  endedAt: /* @__PURE__ */ v.nullable(/* @__PURE__ */ epochMs()),
});

/** The chat as the event's settings make it. */
export const RoomChatSettingsSchema = /* @__PURE__ */ v.object({
  enabled: /* @__PURE__ */ v.boolean(),
  mode: /* @__PURE__ */ v.picklist(["private", "public"]),
  canned: /* @__PURE__ */ v.array(/* @__PURE__ */ v.string()),
});

/**
 * `GET /api/webinars/{id}/console` → `{ success: ConsoleSnapshot }`: the host's live console of
 * one event at `serverNow` — who is present, the latest 500 messages (oldest first), the muted
 * registrants, every recorded action and the event's chat and CTA figures.
 */
export const ConsoleSnapshotSchema = /* @__PURE__ */ v.object({
  serverNow: /* @__PURE__ */ epochMs(),
  event: ConsoleEventSchema,
  chat: RoomChatSettingsSchema,
  present: /* @__PURE__ */ v.array(PresentAttendeeSchema),
  simulated: /* @__PURE__ */ v.nullable(/* @__PURE__ */ count()),
  messages: /* @__PURE__ */ v.array(ConsoleMessageSchema),
  muted: /* @__PURE__ */ v.array(/* @__PURE__ */ v.string()),
  actions: /* @__PURE__ */ v.array(ConsoleActionSchema),
  stats: /* @__PURE__ */ v.object({
    messages: /* @__PURE__ */ count(),
    questions: /* @__PURE__ */ count(),
    answered: /* @__PURE__ */ count(),
    ctaViews: /* @__PURE__ */ count(),
    ctaClicks: /* @__PURE__ */ count(),
    pushes: /* @__PURE__ */ count(),
  }),
});

/* ----- request bodies ----- */

/** A message body: trimmed, 1..500 characters, storable text. */
export const ChatBodySchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.string(ROOM_CHAT_MESSAGES.empty),
  /* @__PURE__ */ v.trim(),
  /* @__PURE__ */ v.nonEmpty(ROOM_CHAT_MESSAGES.empty),
  /* @__PURE__ */ v.maxLength(ROOM_CHAT_LIMITS.maxLength, ROOM_CHAT_MESSAGES.tooLong),
  /* @__PURE__ */ cleanText(),
);

/** The sender's id of one message (1..64 characters): the same id again is the same message. */
export const ChatClientIdSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.string("Give the message a clientId."),
  /* @__PURE__ */ v.nonEmpty("Give the message a clientId."),
  /* @__PURE__ */ v.maxLength(64, "A clientId is at most 64 characters."),
  /* @__PURE__ */ cleanText(),
);

/* @__NO_SIDE_EFFECTS__ */
function IdSchema(what: string) {
  return v.pipe(v.string(`Give the ${what}.`), v.trim(), v.nonEmpty(`Give the ${what}.`), v.maxLength(64, `The ${what} is at most 64 characters.`));
}

/**
 * `POST /api/public/room/{token}/chat`: an attendee's message. Sending the same `clientId` again
 * (a retry after a lost answer) answers the stored message instead of storing it twice.
 *
 * @example
 * v.parse(RoomChatSendRequestSchema, { clientId: "c-1", body: "  How long is the replay? " }).body; // "How long is the replay?"
 */
export const RoomChatSendRequestSchema = /* @__PURE__ */ v.object({
  clientId: ChatClientIdSchema,
  body: ChatBodySchema,
});

/**
 * `POST /api/webinars/{id}/console/messages`: the host's message — to everyone (`toAll`), or
 * privately to `toRegistrantId`; `replyTo` names the message it answers.
 */
export const ConsoleMessageRequestSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.object({
    clientId: ChatClientIdSchema,
    body: ChatBodySchema,
    toAll: /* @__PURE__ */ v.boolean("Say whether the message goes to everyone (toAll)."),
    toRegistrantId: /* @__PURE__ */ v.optional(/* @__PURE__ */ IdSchema("registrant's id")),
    replyTo: /* @__PURE__ */ v.optional(/* @__PURE__ */ IdSchema("message's id")),
  }),
  /* @__PURE__ */ v.forward(
    /* @__PURE__ */ v.check(
      (body) => body.toAll || body.toRegistrantId !== undefined,
      "A private message needs the registrant it goes to (toRegistrantId).",
    ),
    ["toRegistrantId"],
  ),
);

/** `PATCH /api/webinars/{id}/console/messages/{messageId}`: mark a message answered or not. */
export const ConsoleAnswerRequestSchema = /* @__PURE__ */ v.object({
  answered: /* @__PURE__ */ v.boolean("Say whether the message is answered (true or false)."),
});

/** `POST /api/webinars/{id}/console/mute`: mute (silently) or unmute a registrant. */
export const ConsoleMuteRequestSchema = /* @__PURE__ */ v.object({
  registrantId: /* @__PURE__ */ IdSchema("registrant's id"),
  muted: /* @__PURE__ */ v.boolean("Say whether the registrant is muted (true or false)."),
});

/** `POST /api/webinars/{id}/console/ban`: ban a registrant (the leads ban): the room answers 403. */
export const ConsoleBanRequestSchema = /* @__PURE__ */ v.object({
  registrantId: /* @__PURE__ */ IdSchema("registrant's id"),
});

/* @__NO_SIDE_EFFECTS__ */
function pushText(what: string, max: number) {
  return v.pipe(
    v.string(`Give the ${what}.`),
    v.trim(),
    v.nonEmpty(`Give the ${what}.`),
    v.maxLength(max, `The ${what} is at most ${max} characters.`),
    cleanText(),
  );
}

/**
 * `POST /api/webinars/{id}/console/push`: show a call to action, or change the subject, now, to
 * everyone present.
 *
 * @example
 * v.parse(ConsolePushRequestSchema, { kind: "subject", subject: "Q&A" });
 */
export const ConsolePushRequestSchema = /* @__PURE__ */ v.variant(
  "kind",
  [
    /* @__PURE__ */ v.object({
      kind: /* @__PURE__ */ v.literal("cta"),
      cta: /* @__PURE__ */ v.object({
        headline: /* @__PURE__ */ pushText("headline", TEXT_LIMITS.title),
        subheadline: /* @__PURE__ */ pushText("subheadline", TEXT_LIMITS.title),
        buttonTitle: /* @__PURE__ */ pushText("button's title", TEXT_LIMITS.name),
        link: /* @__PURE__ */ v.pipe(
          /* @__PURE__ */ v.string("Give the link."),
          /* @__PURE__ */ v.trim(),
          /* @__PURE__ */ v.nonEmpty("Give the link."),
          /* @__PURE__ */ v.maxLength(TEXT_LIMITS.url, `The link is at most ${TEXT_LIMITS.url} characters.`),
          OptionalUrlSchema,
        ),
      }),
    }),
    /* @__PURE__ */ v.object({
      kind: /* @__PURE__ */ v.literal("subject"),
      subject: /* @__PURE__ */ pushText("subject", TEXT_LIMITS.title),
    }),
  ],
  'Say what to push: kind "cta" or "subject".',
);

export type RoomChatMessage = v.InferOutput<typeof RoomChatMessageSchema>;
export type ConsoleMessage = v.InferOutput<typeof ConsoleMessageSchema>;
export type PresentAttendee = v.InferOutput<typeof PresentAttendeeSchema>;
export type ConsoleActionKind = v.InferOutput<typeof ConsoleActionKindSchema>;
export type ConsoleAction = v.InferOutput<typeof ConsoleActionSchema>;
export type ConsoleEvent = v.InferOutput<typeof ConsoleEventSchema>;
export type RoomChatSettings = v.InferOutput<typeof RoomChatSettingsSchema>;
export type ConsoleSnapshot = v.InferOutput<typeof ConsoleSnapshotSchema>;
export type RoomChatSendRequest = v.InferInput<typeof RoomChatSendRequestSchema>;
export type ConsoleMessageRequest = v.InferInput<typeof ConsoleMessageRequestSchema>;
export type ConsoleAnswerRequest = v.InferInput<typeof ConsoleAnswerRequestSchema>;
export type ConsoleMuteRequest = v.InferInput<typeof ConsoleMuteRequestSchema>;
export type ConsoleBanRequest = v.InferInput<typeof ConsoleBanRequestSchema>;
export type ConsolePushRequest = v.InferInput<typeof ConsolePushRequestSchema>;
