import type { ActionIcon } from "@cuepoint/sdk";

/**
 * A glyph for each icon name of spec §3 (the SDK's `ACTION_ICONS`), so the viewer needs no icon
 * font. The element also carries `data-icon="<name>"`: an app with the icon font can style by it.
 */
export const ICON_GLYPHS: Readonly<Record<ActionIcon, string>> = {
  envelope: "✉",
  "tag-alt": "#",
  "comment-dots": "…",
  "folder-plus": "+",
  "folder-times": "×",
  "folder-upload": "↑",
  folder: "▭",
  refresh: "↻",
  whatsapp: "✆",
  airplay: "▶",
  "user-times": "⊘",
  "user-exclamation": "!",
  "expand-from-corner": "⤢",
  pause: "‖",
  "facebook-messenger-alt": "✉",
  "angle-left": "‹",
  "angle-left-b": "‹",
  "angle-right-b": "›",
  schedule: "◷",
  "calendar-alt": "▦",
  "exclamation-triangle": "⚠",
  "link-h": "⛓",
  voicemail: "☏",
  "comments-alt": "❝",
  "dollar-sign-alt": "$",
  "comment-alt-dots": "…",
};
