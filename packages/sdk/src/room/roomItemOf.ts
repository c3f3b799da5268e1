import { isUrl } from "../rules/url/url.js";
import { ROOM_ITEM_ID_MAX_LENGTH, type RoomItem } from "../schemas/room.js";

/** One item of an event's live script, as the server stores it (`event_live_scripts.items`). */
export interface LiveScriptItemLike {
  /** The timeline node's key: the room item's id. */
  nodeKey: string;
  /** The live-event action key: livechat, cta, changesubject, encore, addEvent, deleteSystemWide. */
  action: string;
  /** Seconds after the event's start (negative before it). */
  offsetSeconds: number;
  /** The node's model: the action's fields as the host filled them in. */
  model: Record<string, unknown>;
}

/** A CTA's button when its node has none: e.g. the timeline's page CTA (`page.cta.buttonTitle`, `link`). */
export interface CtaDefaults {
  buttonText?: string;
  url?: string;
}

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const firstText = (...values: unknown[]): string => values.map(text).find(Boolean) ?? "";

/**
 * The room item of one live-script item, or null when the room shows nothing for it: `encore`,
 * `addEvent` and `deleteSystemWide` act on the registrant, not in the room; unknown actions; an item
 * without a node key (or one longer than `ROOM_ITEM_ID_MAX_LENGTH`) or a finite offset; and
 * incomplete actions (spec §5: a chat message needs `message`, a CTA `headline` and `subheadline`,
 * a subject change `subject`).
 *
 * Model fields read (the action catalogue's names, `integrations/sharedActions.ts`):
 * - `livechat`: `message`; the sender `from` (the auto-chat CSV's name column is stored there),
 *   else `name`, else "" (the widget shows the host);
 * - `cta`: `headline`, `subheadline`; the button's text `buttonText` (else `buttonTitle`) and its
 *   link: the first of `url`, `link`, `defaults.url` that is an http(s) address (spec §5's URL
 *   rule; `javascript:`… never passes), else "". The catalogue's CTA has no button fields yet, so
 *   `defaults` (e.g. the timeline's page CTA) fills what the node leaves empty;
 * - `changesubject`: `subject`.
 * Texts are trimmed.
 *
 * @example
 * roomItemOf({ nodeKey: "n1", action: "livechat", offsetSeconds: 95, model: { from: "Ann", message: "Hi!" } });
 * // { id: "n1", action: "livechat", offsetSeconds: 95, chat: { name: "Ann", message: "Hi!" } }
 * roomItemOf({ nodeKey: "n2", action: "encore", offsetSeconds: 0, model: {} }); // null
 */
export function roomItemOf(item: LiveScriptItemLike, defaults: CtaDefaults = {}): RoomItem | null {
  const { nodeKey: id, offsetSeconds } = item;
  const model: Record<string, unknown> = item.model ?? {};
  const validId = typeof id === "string" && id.length > 0 && id.length <= ROOM_ITEM_ID_MAX_LENGTH;
  if (!validId || typeof offsetSeconds !== "number" || !Number.isFinite(offsetSeconds)) return null;
  switch (text(item.action)) {
    case "livechat": {
      const message = text(model.message);
      if (!message) return null;
      return { id, action: "livechat", offsetSeconds, chat: { name: firstText(model.from, model.name), message } };
    }
    case "cta": {
      const headline = text(model.headline);
      const subheadline = text(model.subheadline);
      if (!headline || !subheadline) return null;
      const buttonText = firstText(model.buttonText, model.buttonTitle, defaults.buttonText);
      const url = [model.url, model.link, defaults.url].map(text).find(isUrl) ?? "";
      return { id, action: "cta", offsetSeconds, cta: { headline, subheadline, buttonText, url } };
    }
    case "changesubject": {
      const subject = text(model.subject);
      return subject ? { id, action: "changesubject", offsetSeconds, subject } : null;
    }
    default:
      return null;
  }
}
