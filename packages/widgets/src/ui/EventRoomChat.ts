import type { RoomSnapshot } from "@cuepoint/sdk";
import type { EventRoomCore } from "../core/room/createEventRoom.js";
import { formatTimeOfDay } from "../core/room/format.js";
import type { Runtime } from "./runtime.js";

/**
 * The chat feed: the timed `livechat` messages shown so far (name, message, and the time of day it
 * was sent when `display.chat.timestamps`), in a `log` (a polite live region: a screen reader reads
 * each new message once). Focusable, so a keyboard can scroll it.
 */
export function renderChat(
  rt: Runtime,
  core: EventRoomCore,
  snapshot: RoomSnapshot,
  options: { id: string; timeZone?: string; locale?: string },
): unknown {
  const { h } = rt;
  if (!snapshot.display.chat.enabled) return null;
  const messages = core.chat.value;
  const startsAt = snapshot.timing.startsAt;
  return h(
    "section",
    { className: "cp-chat", "aria-labelledby": `${options.id}-chat` },
    h("h2", { id: `${options.id}-chat` }, "Chat"),
    h(
      "div",
      { className: "cp-log", role: "log", "aria-label": "Chat messages", tabIndex: 0 },
      h(
        "ol",
        null,
        ...messages.map((item) =>
        h(
          "li",
          { key: item.id },
          h("b", null, item.chat.name),
          item.chat.message,
          snapshot.display.chat.timestamps &&
            h(
              "time",
              { dateTime: new Date(startsAt + item.offsetSeconds * 1000).toISOString() },
              formatTimeOfDay(startsAt + item.offsetSeconds * 1000, options.timeZone, options.locale),
            ),
        ),
      ),
        messages.length === 0 && h("li", { key: "empty", className: "cp-muted" }, "Messages appear here."),
      ),
    ),
  );
}

/**
 * The CTA popup: the latest `cta` (headline, subheadline, its button: a link opened in a new tab,
 * whose click is recorded with `core.clickCta`), dismissable. A labelled, non-modal region.
 */
export function renderCta(rt: Runtime, core: EventRoomCore): unknown {
  const { h } = rt;
  const item = core.cta.value;
  if (!item) return null;
  return h(
    "section",
    { key: item.id, className: "cp-cta", "aria-labelledby": `cp-cta-${item.id}`, "data-cta": item.id },
    h("h2", { id: `cp-cta-${item.id}` }, item.cta.headline),
    item.cta.subheadline && h("p", null, item.cta.subheadline),
    renderCtaLink(rt, core, item),
    h("button", { type: "button", className: "cp-plain cp-close", "aria-label": "Dismiss the offer", onClick: core.dismissCta }, "×"),
  );
}

/**
 * A CTA's button: a link to its url in a new tab; the click is recorded. None when the CTA has no
 * link (none set, or not an http(s) address: the server sends ""), rather than a link to "" (this
 * very page, opened again in a new tab).
 */
export function renderCtaLink(rt: Runtime, core: EventRoomCore, item: NonNullable<EventRoomCore["cta"]["value"]>): unknown {
  if (!item.cta.url) return null;
  return rt.h(
    "a",
    {
      className: "cp-button",
      href: item.cta.url,
      target: "_blank",
      rel: "noopener noreferrer",
      onClick: () => void core.clickCta(item.id),
    },
    item.cta.buttonText || "Learn more",
  );
}
