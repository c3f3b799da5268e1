import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  chatModeOf,
  ConsoleMessageRequestSchema,
  ConsoleMessageSchema,
  ConsolePushRequestSchema,
  ConsoleSnapshotSchema,
  ROOM_CHAT_LIMITS,
  ROOM_CHAT_MESSAGES,
  RoomChatMessageSchema,
  RoomChatSendRequestSchema,
} from "./roomChat.js";
import { roomControlOf } from "../room/roomControlOf.js";
import { issuePath } from "./test-support/issuePath.js";

const firstIssue = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  expect(result.success).toBe(false);
  const issue = result.issues?.[0];
  return { field: issue ? v.getDotPath(issue) : null, message: issue?.message };
};

const consoleMessage = {
  id: "2b0c6c36-0f57-4d1e-9f43-1b8d4f3c7a10",
  seq: 12,
  from: "attendee",
  name: "Ann",
  body: "Is there a replay?",
  sentAt: 1_780_000_000_000,
  replyTo: null,
  registrantId: "r1",
  email: "ann@example.com",
  toAll: false,
  toRegistrantId: null,
  muted: false,
  answeredAt: null,
  deletedAt: null,
  emailed: false,
  sentBy: null,
};

describe("the chat's settings", () => {
  it("reads livechat.type: only \"public\" is public, anything else private", () => {
    expect(chatModeOf("public")).toBe("public");
    for (const type of ["", "private", "Public", "everyone", undefined]) expect(chatModeOf(type)).toBe("private");
  });

  it("reads the event's control from webinarType and manualControl", () => {
    expect(roomControlOf({ webinarType: "automatic", manualControl: { enabled: false } })).toBe("automatic");
    expect(roomControlOf({ webinarType: "semi-automatic" })).toBe("semi-automatic");
    expect(roomControlOf({ webinarType: "manual" })).toBe("manual");
    expect(roomControlOf({ webinarType: "semi-automatic", manualControl: { enabled: true } })).toBe("manual");
    expect(roomControlOf({})).toBe("automatic");
  });
});

describe("RoomChatSendRequestSchema", () => {
  it("trims the body and keeps the clientId", () => {
    expect(v.parse(RoomChatSendRequestSchema, { clientId: "c-1", body: "  Hi there \n" })).toEqual({ clientId: "c-1", body: "Hi there" });
  });

  it("takes exactly the longest body and refuses one character more, naming body", () => {
    const longest = "x".repeat(ROOM_CHAT_LIMITS.maxLength);
    expect(v.parse(RoomChatSendRequestSchema, { clientId: "c", body: ` ${longest} ` }).body).toBe(longest);
    expect(firstIssue(RoomChatSendRequestSchema, { clientId: "c", body: `${longest}y` })).toEqual({
      field: "body",
      message: "A message is at most 500 characters.",
    });
  });

  it("refuses an empty or blank body with the same sentence", () => {
    for (const body of ["", "   \n\t", undefined]) {
      expect(firstIssue(RoomChatSendRequestSchema, { clientId: "c", body })).toEqual({ field: "body", message: ROOM_CHAT_MESSAGES.empty });
    }
  });

  it("refuses text that cannot be stored and a missing or long clientId", () => {
    expect(issuePath(RoomChatSendRequestSchema, { clientId: "c", body: "a\u0000b" })).toBe("body");
    expect(issuePath(RoomChatSendRequestSchema, { clientId: "c", body: "a\uD800b" })).toBe("body");
    expect(issuePath(RoomChatSendRequestSchema, { body: "hi" })).toBe("clientId");
    expect(issuePath(RoomChatSendRequestSchema, { clientId: "", body: "hi" })).toBe("clientId");
    expect(issuePath(RoomChatSendRequestSchema, { clientId: "c".repeat(65), body: "hi" })).toBe("clientId");
    expect(v.parse(RoomChatSendRequestSchema, { clientId: "c".repeat(64), body: "hi" }).clientId).toHaveLength(64);
  });
});

describe("ConsoleMessageRequestSchema", () => {
  it("takes a message to all and a private reply", () => {
    expect(v.parse(ConsoleMessageRequestSchema, { clientId: "h", body: "Welcome", toAll: true })).toEqual({ clientId: "h", body: "Welcome", toAll: true });
    const reply = { clientId: "h", body: "Yes", toAll: false, toRegistrantId: "r1", replyTo: "m1" };
    expect(v.parse(ConsoleMessageRequestSchema, reply)).toEqual(reply);
  });

  it("refuses a private message without its addressee, naming toRegistrantId", () => {
    expect(firstIssue(ConsoleMessageRequestSchema, { clientId: "h", body: "Yes", toAll: false })).toEqual({
      field: "toRegistrantId",
      message: "A private message needs the registrant it goes to (toRegistrantId).",
    });
    expect(issuePath(ConsoleMessageRequestSchema, { clientId: "h", body: "Yes" })).toBe("toAll");
  });
});

describe("ConsolePushRequestSchema", () => {
  const cta = { headline: "Last seats", subheadline: "Today only", buttonTitle: "Join", link: "https://example.com/offer" };

  it("takes a CTA and a subject", () => {
    expect(v.parse(ConsolePushRequestSchema, { kind: "cta", cta })).toEqual({ kind: "cta", cta });
    expect(v.parse(ConsolePushRequestSchema, { kind: "subject", subject: " Q&A " })).toEqual({ kind: "subject", subject: "Q&A" });
  });

  it("names the bad field", () => {
    expect(issuePath(ConsolePushRequestSchema, { kind: "cta", cta: { ...cta, link: "javascript:alert(1)" } })).toBe("cta.link");
    expect(issuePath(ConsolePushRequestSchema, { kind: "cta", cta: { ...cta, headline: " " } })).toBe("cta.headline");
    expect(issuePath(ConsolePushRequestSchema, { kind: "subject", subject: "" })).toBe("subject");
    expect(issuePath(ConsolePushRequestSchema, { kind: "chat" })).toBe("kind");
  });
});

describe("the wire shapes", () => {
  it("a console message and a console snapshot pass", () => {
    expect(v.parse(ConsoleMessageSchema, consoleMessage)).toEqual(consoleMessage);
    const snapshot = {
      serverNow: 1_780_000_100_000,
      event: {
        id: "e1", title: "Demo", subject: "Demo", timelineId: "t1", startsAt: 1_780_000_000_000, endsAt: 1_780_003_600_000,
        phase: "live", control: "manual", startedAt: 1_780_000_000_000, endedAt: null,
      },
      chat: { enabled: true, mode: "private", canned: ["Yes!"] },
      present: [{ registrantId: "r1", name: "Ann", email: "ann@example.com", since: 1_780_000_000_000, seconds: 100 }],
      simulated: null,
      messages: [consoleMessage],
      muted: [],
      actions: [{ id: "a1", kind: "start", at: 1_780_000_000_000, by: "host@example.com", detail: {} }],
      stats: { messages: 1, questions: 1, answered: 0, ctaViews: 0, ctaClicks: 0, pushes: 0 },
    };
    expect(v.parse(ConsoleSnapshotSchema, snapshot)).toEqual(snapshot);
    expect(issuePath(ConsoleSnapshotSchema, { ...snapshot, event: { ...snapshot.event, control: "live" } })).toBe("event.control");
  });

  it("an attendee's message carries nothing of its author but the name", () => {
    const message = { id: "m", seq: 1, from: "host", name: "Host", body: "Hi", sentAt: 1, mine: false, toAll: true, links: true, replyTo: null };
    expect(v.parse(RoomChatMessageSchema, message)).toEqual(message);
    expect(Object.keys(v.parse(RoomChatMessageSchema, { ...message, email: "x@y.z" }))).not.toContain("email");
  });
});
