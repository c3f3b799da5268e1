import { ConsoleAnswerRequestSchema, ConsoleBanRequestSchema, ConsoleMessageRequestSchema, ConsoleMuteRequestSchema, ConsolePushRequestSchema, RoomChatSendRequestSchema } from "../../../schemas/roomChat.js";
import type { CallRow } from "./types.js";

const cta = { headline: "Last seats", subheadline: "Today only", buttonTitle: "Join", link: "https://example.com/offer" };

/** The room's chat (public: the personal token) and the host's console calls (issue 13). */
export const roomConsoleCalls: Record<string, CallRow> = {
  "room.chat send": {
    schema: RoomChatSendRequestSchema,
    call: (c) => c.room.chat.send("tok/1", { clientId: "c-1", body: "Hello" }),
    method: "POST", path: "/public/room/tok%2F1/chat", encoding: "json",
    body: { clientId: "c-1", body: "Hello" },
  },
  "console.live": { call: (c) => c.console.live("ev1"), method: "GET", path: "/webinars/ev1/live", encoding: "none" },
  "console.newStreamKey": { call: (c) => c.console.newStreamKey("ev/1"), method: "POST", path: "/webinars/ev%2F1/live/key", encoding: "none" },
  "console.get": { call: (c) => c.console.get("ev1"), method: "GET", path: "/webinars/ev1/console", encoding: "none" },
  "console.send": {
    schema: ConsoleMessageRequestSchema,
    call: (c) => c.console.send("ev1", { clientId: "h-1", body: "Welcome", toAll: false, toRegistrantId: "r1", replyTo: "m1" }),
    method: "POST", path: "/webinars/ev1/console/messages", encoding: "json",
    body: { clientId: "h-1", body: "Welcome", toAll: false, toRegistrantId: "r1", replyTo: "m1" },
  },
  "console.answer": {
    schema: ConsoleAnswerRequestSchema,
    call: (c) => c.console.answer("ev1", "m/1", true),
    method: "PATCH", path: "/webinars/ev1/console/messages/m%2F1", encoding: "json",
    body: { answered: true },
  },
  "console.deleteMessage": {
    call: (c) => c.console.deleteMessage("ev1", "m1"),
    method: "DELETE", path: "/webinars/ev1/console/messages/m1", encoding: "none",
  },
  "console.mute": {
    schema: ConsoleMuteRequestSchema,
    call: (c) => c.console.mute("ev1", { registrantId: "r1", muted: true }),
    method: "POST", path: "/webinars/ev1/console/mute", encoding: "json",
    body: { registrantId: "r1", muted: true },
  },
  "console.ban": {
    schema: ConsoleBanRequestSchema,
    call: (c) => c.console.ban("ev1", "r1"),
    method: "POST", path: "/webinars/ev1/console/ban", encoding: "json",
    body: { registrantId: "r1" },
  },
  "console.push": {
    schema: ConsolePushRequestSchema,
    call: (c) => c.console.push("ev1", { kind: "cta", cta }),
    method: "POST", path: "/webinars/ev1/console/push", encoding: "json",
    body: { kind: "cta", cta },
  },
  "console.start": { call: (c) => c.console.start("ev1"), method: "POST", path: "/webinars/ev1/console/start", encoding: "none" },
  "console.end": { call: (c) => c.console.end(7), method: "POST", path: "/webinars/7/console/end", encoding: "none" },
};
