import { REGISTRATION_ATTRIBUTE, REGISTRATION_EMBED_PATH } from "@cuepoint/sdk";
import { escapeHtml } from "../../events/pageShell.js";
import { formHtml, type FormView } from "./formHtml.js";
import { FRAME_SCRIPT, PAGE_SCRIPT } from "./pageScripts.js";

/** What the hosted page shows besides its form. */
export interface PageView {
  form: FormView;
  timelineId: string;
  title: string;
  description: string;
  organizer: string;
  presenters: readonly string[];
  language: string;
  /** The zone the server wrote the times in (the timeline's). */
  zone: string;
  logoUrl: string | null;
  faviconUrl: string | null;
  /** An absolute https image for link previews, or null. */
  imageUrl: string | null;
  /** The page's own absolute URL (canonical, og:url). */
  pageUrl: string;
  /** `{PUBLIC_URL}/join/`: the script sends a registrant registered by the widget there. */
  joinBase: string;
  /** The host's thank-you page, when the page settings name one. */
  thankYou: string | null;
}

/** Small, system fonts, light and dark; the form's look matches the widget's closely enough not to jump. */
const STYLE =
  ":root{color-scheme:light dark;--fg:#1a1d23;--muted:#5b6270;--line:#c9ced8;--bg:#fff;--card:#f6f7f9;--accent:#2454d6;--err:#b3261e}" +
  "@media (prefers-color-scheme:dark){:root{--fg:#eceef2;--muted:#a7aebb;--line:#4a505c;--bg:#14161a;--card:#1d2026;--accent:#8fb0ff;--err:#ffb4ab}}" +
  "*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}" +
  "main{max-width:40rem;margin:0 auto;padding:2rem 1.25rem 3rem}.logo{max-height:3rem;max-width:12rem;display:block;margin-bottom:1.5rem}" +
  "h1{font-size:1.75rem;line-height:1.25;margin:0 0 .75rem}h2{font-size:1.15rem;margin:0 0 .75rem}.lede{white-space:pre-line;margin:0 0 1rem}" +
  ".muted,.note{color:var(--muted)}section{margin-top:2rem}ul.s{list-style:none;padding:0;margin:0}ul.s li{padding:.5rem 0;border-top:1px solid var(--line)}" +
  ".card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1.25rem}" +
  "form{display:grid;gap:1rem}.f{display:grid;gap:.3rem;margin:0;border:0;padding:0}.f label,legend{font-weight:600}" +
  ".req{font-weight:400;color:var(--muted);font-size:.875rem}" +
  "input,select,textarea{font:inherit;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:8px;padding:.6rem .75rem;width:100%}" +
  "input:focus-visible,select:focus-visible,textarea:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}" +
  ".chk{grid-template-columns:auto 1fr;align-items:start;column-gap:.6rem}.chk input{width:1.25rem;height:1.25rem;margin:.15rem 0}.chk label{font-weight:400}.chk .err{grid-column:1/-1}" +
  ".opt{display:flex;gap:.6rem;align-items:center;font-weight:400!important;padding:.35rem 0}.opt input{width:1.25rem;height:1.25rem}" +
  "[aria-invalid=true]{border-color:var(--err);border-width:2px}.err{color:var(--err);margin:0;font-size:.925rem}" +
  ".alert{border:2px solid var(--err);border-radius:8px;padding:.5rem .9rem}.alert p{margin:.25rem 0}.hp{display:none}" +
  "button,.btn{font:inherit;font-weight:600;border:0;border-radius:8px;padding:.75rem 1.25rem;background:var(--accent);color:var(--bg);cursor:pointer;text-decoration:none;display:inline-block;min-height:44px}" +
  ".sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}a{color:var(--accent)}footer{margin-top:2.5rem;font-size:.875rem;color:var(--muted)}";

const FRAME_STYLE = `${STYLE}main{padding:1rem}`;

const meta = (property: string, content: string | null, key = "property") =>
  content ? `<meta ${key}="${property}" content="${escapeHtml(content)}">` : "";

function head(title: string, language: string, style: string, extra = ""): string {
  return (
    `<!doctype html><html lang="${escapeHtml(language || "en")}"${extra}><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${style}</style>`
  );
}

/** The link-preview tags: Open Graph and Twitter's card, with the page's title, description and image. */
function previewTags(view: PageView): string {
  const description = view.description.replace(/\s+/g, " ").trim().slice(0, 200) || `Register for ${view.title}.`;
  return (
    meta("description", description, "name") +
    `<link rel="canonical" href="${escapeHtml(view.pageUrl)}">` +
    meta("og:type", "website") +
    meta("og:title", view.title) +
    meta("og:description", description) +
    meta("og:url", view.pageUrl) +
    meta("og:image", view.imageUrl) +
    meta("twitter:card", view.imageUrl ? "summary_large_image" : "summary", "name") +
    meta("twitter:title", view.title, "name") +
    meta("twitter:description", description, "name") +
    meta("twitter:image", view.imageUrl, "name")
  );
}

/**
 * The hosted registration page: the event, its sessions, the form (enhanced by the widget when
 * scripts run: embed.js mounts on the form's element and takes its place), link-preview tags.
 */
export function registrationPageHtml(view: PageView): string {
  const { form } = view;
  const errors = Object.keys(form.errors).length > 0;
  const icon = view.faviconUrl ? `<link rel="icon" href="${escapeHtml(view.faviconUrl)}">` : "";
  const logo = view.logoUrl ? `<img class="logo" src="${escapeHtml(view.logoUrl)}" alt="${escapeHtml(view.organizer || "Organizer")}">` : "";
  const by = [view.organizer && `Hosted by ${view.organizer}`, view.presenters.length > 0 && `With ${view.presenters.join(", ")}`]
    .filter(Boolean)
    .map((line) => `<p class="muted">${escapeHtml(line as string)}</p>`)
    .join("");
  const sessions = form.sessions.length
    ? `<section aria-labelledby="h-s"><h2 id="h-s">${form.sessions.length === 1 ? "Next session" : "Upcoming sessions"}</h2><ul class="s">` +
      form.sessions.map((s) => `<li><time datetime="${escapeHtml(s.startsAt)}" data-start>${escapeHtml(s.label)}</time></li>`).join("") +
      `</ul><p class="note" id="zone-note">Times are in the event's time zone (${escapeHtml(view.zone.replace(/_/g, " "))}).</p></section>`
    : "";
  // Without errors to show, the widget takes over the form; with them, the page keeps its own form
  // (what was typed, the errors beside the fields), so nothing typed is lost.
  const enhance = !errors && !form.closed;
  const mount = enhance
    ? ` ${REGISTRATION_ATTRIBUTE}="${escapeHtml(view.timelineId)}"${view.thankYou ? ` data-redirect="${escapeHtml(view.thankYou)}"` : ""}`
    : "";
  const rootData = ` data-zone="${escapeHtml(view.zone)}"${view.thankYou ? "" : ` data-join="${escapeHtml(view.joinBase)}"`}`;
  return (
    head(`${errors ? "Error: " : ""}Register: ${view.title}`, view.language, STYLE, rootData) +
    `${icon}${previewTags(view)}${enhance ? `<script async src="${REGISTRATION_EMBED_PATH}"></script>` : ""}</head><body><main>` +
    `<header>${logo}<h1>${escapeHtml(view.title)}</h1>${view.description ? `<p class="lede">${escapeHtml(view.description)}</p>` : ""}${by}</header>` +
    sessions +
    `<section class="card" aria-labelledby="h-r"><h2 id="h-r">Register</h2><div${mount}>${formHtml(form)}</div></section>` +
    `<footer>Registration by Cuepoint</footer></main><script>${PAGE_SCRIPT}</script></body></html>`
  );
}

/** The same form without page chrome, for an iframe on the host's page. */
export function registrationFrameHtml(view: { form: FormView; timelineId: string; title: string; language: string; zone: string }): string {
  const errors = Object.keys(view.form.errors).length > 0;
  return (
    head(`${errors ? "Error: " : ""}Register: ${view.title}`, view.language, FRAME_STYLE, ` data-zone="${escapeHtml(view.zone)}" data-timeline="${escapeHtml(view.timelineId)}"`) +
    `<meta name="robots" content="noindex"></head><body><main><h1 class="sr">${escapeHtml(view.title)}</h1>${formHtml(view.form)}</main>` +
    `<script>${FRAME_SCRIPT}</script></body></html>`
  );
}

/** The frame after registering: the next page opens in the top window (script), or by the link. */
export function frameRegisteredHtml(view: { timelineId: string; title: string; language: string; next: string; thankYou: boolean }): string {
  return (
    head(`Registered: ${view.title}`, view.language, FRAME_STYLE, ` data-timeline="${escapeHtml(view.timelineId)}" data-next="${escapeHtml(view.next)}"`) +
    `<meta name="robots" content="noindex"></head><body><main><h1>You are registered</h1>` +
    `<p><a class="btn" href="${escapeHtml(view.next)}" target="_top">${view.thankYou ? "Continue" : "Open your event page"}</a></p></main>` +
    `<script>${FRAME_SCRIPT}</script></body></html>`
  );
}

/** An unknown or trashed timeline: a friendly page, no detail about why. */
export function registrationNotFoundHtml(): string {
  return (
    head("Registration not found", "en", STYLE) +
    `<meta name="robots" content="noindex"></head><body><main><h1>This registration page is not available</h1>` +
    `<p>The event may have ended or been removed by its organizer, or the address may be incomplete. ` +
    `Check the link you were given, or ask the organizer for a new one.</p></main></body></html>`
  );
}
