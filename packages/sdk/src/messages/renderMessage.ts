import { fillMergeTags } from "./mergeTags.js";

/** A message as it is sent: the plain text and the same text as safe HTML. */
export interface RenderedMessage {
  text: string;
  /** An HTML fragment: `<p>` per paragraph, `<br>` per line, links clickable. */
  html: string;
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Text made safe to place in HTML, in an element or an attribute.
 *
 * @example
 * escapeHtml(`<b>"Ada" & co</b>`); // "&lt;b&gt;&quot;Ada&quot; &amp; co&lt;/b&gt;"
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

// A web address in the host's text; merge tags inside it (`?e={email}`) belong to it.
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;
const WHOLE_URL = /^https?:\/\/[^\s<>"']+$/;
const TRAILING = /[.,;:!?)\]]+$/;
const TAG_SPLIT = /(\{\s*[\w.-]+\s*\})/;

const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;

/** Literal text with its tags: literals escaped, values escaped (a value that is a web address becomes a link). */
function inlineHtml(text: string, variables: Record<string, string>): string {
  return text
    .split(TAG_SPLIT)
    .map((piece, index) => {
      if (index % 2 === 0) return escapeHtml(piece);
      const value = fillMergeTags(piece, variables);
      if (value === piece) return escapeHtml(piece);
      return WHOLE_URL.test(value.trim()) ? link(value.trim(), value.trim()) : escapeHtml(value);
    })
    .join("");
}

/**
 * The host's message with its merge tags filled for one registrant, as plain text and as safe HTML.
 * The host writes text, never HTML: it is escaped; a blank line starts a paragraph, a line break
 * stays one; web addresses become links (a merge tag inside an address is filled URL-encoded in
 * the link's target). Merge values are escaped too, so a registrant's name can never add markup.
 * The one renderer of the product: the server sends with it, the dashboard previews with it.
 *
 * @example
 * renderMessage("Hi {first_name},\n\nJoin: {join_link}", { first_name: "<Ada>", join_link: "https://j.example/1" }).html;
 * // '<p>Hi &lt;Ada&gt;,</p>\n<p>Join: <a href="https://j.example/1">https://j.example/1</a></p>'
 */
export function renderMessage(template: string, variables: Record<string, string>): RenderedMessage {
  const source = template.replace(/\r\n?/g, "\n").replace(/\0/g, "");
  const text = fillMergeTags(source, variables);
  let html = "";
  let last = 0;
  for (const match of source.matchAll(URL_IN_TEXT)) {
    const url = match[0].replace(TRAILING, "");
    const start = match.index ?? 0;
    html += inlineHtml(source.slice(last, start), variables);
    html += link(fillMergeTags(url, variables, encodeURIComponent), fillMergeTags(url, variables));
    last = start + url.length;
  }
  html += inlineHtml(source.slice(last), variables);
  const paragraphs = html
    .split(/\n[ \t]*\n\s*/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.replace(/\n/g, "<br>\n")}</p>`);
  return { text, html: paragraphs.join("\n") };
}

/**
 * A whole HTML mail around a rendered body: a plain, readable layout most mail programs show
 * the same way (inline styles only), and the subject as the document's title.
 *
 * @example
 * emailDocument("Your seat is saved", renderMessage(body, variables).html);
 */
export function emailDocument(subject: string, bodyHtml: string): string {
  return [
    "<!doctype html>",
    `<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2328;">',
    `<div style="max-width:600px;margin:0 auto;">${bodyHtml}</div>`,
    "</body></html>",
  ].join("\n");
}
