import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { RoomItemSchema } from "../schemas/room.js";
import { roomItemOf, type LiveScriptItemLike } from "./roomItemOf.js";

const item = (action: string, model: Record<string, unknown>, extra: Partial<LiveScriptItemLike> = {}): LiveScriptItemLike => ({
  nodeKey: "node-1",
  action,
  offsetSeconds: 95,
  model,
  ...extra,
});

describe("roomItemOf: livechat", () => {
  it("reads the sender from `from` (auto-chat CSV and the action's form) and the message", () => {
    const csvModel = { fromEventID: "e1", from: " Ann ", message: " Hi all! ", afterSeconds: 95 };
    expect(roomItemOf(item("livechat", csvModel))).toEqual({
      id: "node-1",
      action: "livechat",
      offsetSeconds: 95,
      chat: { name: "Ann", message: "Hi all!" },
    });
  });

  it("falls back to `name`, then to no name (the host)", () => {
    expect(roomItemOf(item("livechat", { name: "Bo", message: "x" }))?.chat?.name).toBe("Bo");
    expect(roomItemOf(item("livechat", { message: "x" }))?.chat?.name).toBe("");
  });

  it("is null without a message", () => {
    expect(roomItemOf(item("livechat", { from: "Ann", message: "  " }))).toBeNull();
    expect(roomItemOf(item("livechat", { from: "Ann" }))).toBeNull();
  });
});

describe("roomItemOf: cta", () => {
  const cta = { headline: "Join the program", subheadline: "Doors close tonight" };

  it("reads headline, subheadline, button text and link", () => {
    const answer = roomItemOf(item("cta", { ...cta, buttonText: "Enroll", url: "https://example.com/buy" }));
    expect(answer).toEqual({
      id: "node-1",
      action: "cta",
      offsetSeconds: 95,
      cta: { ...cta, buttonText: "Enroll", url: "https://example.com/buy" },
    });
    expect(roomItemOf(item("cta", { ...cta, buttonTitle: "Buy", link: "https://example.com/b" }))?.cta).toMatchObject({
      buttonText: "Buy",
      url: "https://example.com/b",
    });
  });

  it("fills the button from the defaults (the page CTA) when the node has none, and leaves them empty otherwise", () => {
    const defaults = { buttonText: "Get it", url: "https://example.com/page-cta" };
    expect(roomItemOf(item("cta", cta), defaults)?.cta).toMatchObject(defaults);
    expect(roomItemOf(item("cta", cta))?.cta).toMatchObject({ buttonText: "", url: "" });
  });

  it("never links anywhere but an http(s) address", () => {
    expect(roomItemOf(item("cta", { ...cta, url: "javascript:alert(1)" }))?.cta?.url).toBe("");
    const fallback = roomItemOf(item("cta", { ...cta, url: "javascript:alert(1)" }), { url: "https://example.com/ok" });
    expect(fallback?.cta?.url).toBe("https://example.com/ok");
  });

  it("is null when incomplete (spec §5: headline and subheadline)", () => {
    expect(roomItemOf(item("cta", { headline: "Only a headline" }))).toBeNull();
    expect(roomItemOf(item("cta", { subheadline: "Only a sub" }))).toBeNull();
  });
});

describe("roomItemOf: changesubject and the rest", () => {
  it("reads the new subject", () => {
    expect(roomItemOf(item("changesubject", { subject: "Q&A" }))).toEqual({
      id: "node-1",
      action: "changesubject",
      offsetSeconds: 95,
      subject: "Q&A",
    });
    expect(roomItemOf(item("changesubject", { subject: "" }))).toBeNull();
  });

  it("is null for actions the room does not show", () => {
    for (const action of ["encore", "addEvent", "deleteSystemWide", "sendMail", ""]) {
      expect(roomItemOf(item(action, { message: "x", subject: "y", headline: "h", subheadline: "s" }))).toBeNull();
    }
  });

  it("is null without a usable id or offset", () => {
    const model = { message: "x" };
    expect(roomItemOf(item("livechat", model, { nodeKey: "" }))).toBeNull();
    expect(roomItemOf(item("livechat", model, { nodeKey: "k".repeat(201) }))).toBeNull();
    expect(roomItemOf(item("livechat", model, { offsetSeconds: Number.NaN }))).toBeNull();
  });

  it("keeps offsets before the start (own platform) as they are", () => {
    expect(roomItemOf(item("livechat", { message: "x" }, { offsetSeconds: -300 }))?.offsetSeconds).toBe(-300);
  });

  it("answers items the wire schema accepts", () => {
    const items = [
      item("livechat", { message: "x" }),
      item("cta", { headline: "h", subheadline: "s", url: "https://example.com" }),
      item("changesubject", { subject: "y" }),
    ];
    for (const each of items) expect(() => v.parse(RoomItemSchema, roomItemOf(each))).not.toThrow();
  });
});
