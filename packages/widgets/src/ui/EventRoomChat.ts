import type { RoomSnapshot } from "@cuepoint/sdk";
import { CHAT_MAX_LENGTH, type ChatLine } from "../core/room/chat.js";
import type { EventRoomCore } from "../core/room/createEventRoom.js";
import { formatTimeOfDay } from "../core/room/format.js";
import type { Runtime } from "./runtime.js";
import { useSignals } from "./useSignal.js";

export interface ChatProps {
  core: EventRoomCore;
  snapshot: RoomSnapshot;
  /** The room's id prefix (`useId`), for the labels. */
  id: string;
  /** The live room (not the replay, nor after its end): the message box shows. */
  live: boolean;
  timeZone?: string;
  locale?: string;
}

/** The counter shows from this many characters on (the limit is `CHAT_MAX_LENGTH`). */
const COUNT_FROM = CHAT_MAX_LENGTH - 100;
const ADDRESS = /\bhttps?:\/\/[^\s<>"]+/gi;

/** `text` as a link's address when it is an http(s) URL, else "". */
const webAddress = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : "";
  } catch {
    return "";
  }
};

/**
 * The attendee's chat: the feed (auto-chat, the attendee's own messages, the host's replies marked
 * "to you" or "to everyone", others' messages in a public chat; the latest 200, by time; the time of
 * day when `display.chat.timestamps`), quick replies (`display.chat.canned`), and the message box
 * (Enter or Send; a counter near the limit; the server's refusal under it, in an alert). The feed is
 * a `log` that does not speak (a public chat would flood a screen reader): a polite live region
 * reads the host's replies as they come. Only the host's messages get links (http/https, new tab,
 * `rel="noopener noreferrer nofollow ugc"`); everything else is text. The feed keeps to its bottom
 * while the reader is there, and stays put when they scroll up to read.
 */
/* @__NO_SIDE_EFFECTS__ */
export function chatComponent(rt: Runtime) {
  const { h } = rt;
  const body = (line: ChatLine): unknown[] => {
    if (!line.links) return [line.body];
    const parts: unknown[] = [];
    let from = 0;
    for (const match of line.body.matchAll(ADDRESS)) {
      const text = match[0].replace(/[.,;:!?)\]'"]+$/, ""); // the sentence's punctuation, not the address's
      const href = webAddress(text);
      if (!href) continue;
      parts.push(line.body.slice(from, match.index), h("a", { href, target: "_blank", rel: "noopener noreferrer nofollow ugc" }, text));
      from = (match.index ?? 0) + text.length;
    }
    parts.push(line.body.slice(from));
    return parts;
  };
  return function Chat(props: ChatProps): unknown {
    const { core, snapshot, id } = props;
    const talk = core.conversation;
    useSignals(rt, [talk.lines, talk.draft, talk.error, talk.announcement]);
    const log = rt.useRef<HTMLElement | null>(null);
    const bottom = rt.useRef(true);
    rt.useEffect(() => {
      if (log.current && bottom.current) log.current.scrollTop = log.current.scrollHeight;
    });
    const settings = snapshot.display.chat;
    if (!settings.enabled) return null;
    const lines = talk.lines.value;
    const open = props.live && talk.writable;
    const draft = talk.draft.value;
    const length = draft.trim().length;
    const left = CHAT_MAX_LENGTH - length;
    const stamp = (at: number) => settings.timestamps && h("time", { dateTime: new Date(at).toISOString() }, formatTimeOfDay(at, props.timeZone, props.locale));
    const send = (text?: string) => {
      bottom.current = true;
      talk.send(text);
    };
    return h(
      "section",
      { className: "cp-chat", "aria-labelledby": `${id}-chat` },
      h("h2", { id: `${id}-chat` }, "Chat"),
      h(
        "div",
        {
          ref: log,
          className: "cp-log",
          role: "log",
          "aria-live": "off",
          "aria-label": "Chat messages",
          tabIndex: 0,
          onScroll: (event: Event) => {
            const element = event.currentTarget as HTMLElement;
            bottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
          },
        },
        h(
          "ol",
          null,
          ...lines.map((line) =>
            h(
              "li",
              { key: line.key, className: `cp-${line.from}`, "data-state": line.state },
              h("b", null, line.name),
              line.from === "host" && h("span", { className: "cp-tag" }, line.toAll ? "to everyone" : "to you"),
              line.state === "sending" && h("span", { className: "cp-tag" }, "Sending…"),
              line.state === "failed" && h("span", { className: "cp-tag cp-failed" }, "Not sent"),
              ...body(line),
              stamp(line.at),
              line.state === "failed" &&
                h("button", { type: "button", className: "cp-plain cp-retry", onClick: () => talk.retry(line.clientId as string) }, "Retry"),
            ),
          ),
          lines.length === 0 && h("li", { key: "empty", className: "cp-muted" }, "Messages appear here."),
        ),
      ),
      h("p", { className: "cp-sr", "aria-live": "polite" }, talk.announcement.value),
      open &&
        h(
          "form",
          {
            className: "cp-send",
            noValidate: true,
            onSubmit: (event: Event) => {
              event.preventDefault();
              send();
            },
          },
          h("p", { className: "cp-muted" }, settings.mode === "public" ? "Everyone in the room sees your messages." : "Your messages go to the host only."),
          settings.canned.length > 0 &&
            h(
              "div",
              { className: "cp-canned", role: "group", "aria-label": "Quick replies" },
              ...settings.canned.map((text) => h("button", { key: text, type: "button", className: "cp-plain", onClick: () => send(text) }, text)),
            ),
          h(
            "div",
            { className: "cp-box" },
            h("label", { className: "cp-sr", htmlFor: `${id}-message` }, settings.mode === "public" ? "Your message" : "Your message to the host"),
            h("input", {
              id: `${id}-message`,
              type: "text",
              value: draft,
              placeholder: "Write a message…",
              autoComplete: "off",
              enterKeyHint: "send",
              "aria-invalid": left < 0,
              "aria-describedby": `${id}-count ${id}-error`,
              [rt.textInput]: (event: Event) => void (talk.draft.value = (event.currentTarget as HTMLInputElement).value),
            }),
            h("button", { type: "submit" }, "Send"),
          ),
          h(
            "p",
            { id: `${id}-count`, className: left < 0 ? "cp-count cp-error" : "cp-count cp-muted" },
            length < COUNT_FROM ? "" : `${Math.abs(left)} character${Math.abs(left) === 1 ? "" : "s"} ${left < 0 ? "too many" : "left"}`,
          ),
          talk.error.value && h("p", { id: `${id}-error`, className: "cp-error", role: "alert" }, talk.error.value),
        ),
    );
  };
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
