/**
 * The four ways a host puts a timeline's registration form on a page (issue 15), written in one
 * place so the dashboard's Code section, the server's hosted pages and the server's "test this
 * page" check agree on every name: the script tag (first choice where scripts are allowed), the
 * no-script form (any builder that keeps plain HTML), the iframe (builders that allow iframes but
 * not scripts) and the hosted page's URL.
 */

/** The attribute the widgets' embed.js mounts a form on; its value is the timeline id. */
export const REGISTRATION_ATTRIBUTE = "data-cuepoint-registration";
/** The widgets' script, at the server's origin. */
export const REGISTRATION_EMBED_PATH = "/embed.js";
/** The hosted page is `{origin}/register/{timelineID}`; the no-script form posts to the same URL. */
export const REGISTRATION_PAGE_PATH = "/register/";
/** The hosted form without page chrome, for an iframe: `{origin}/register/{timelineID}/frame`. */
export const REGISTRATION_FRAME_SUFFIX = "/frame";
/** The attribute that marks our iframe, so the optional resize listener finds it. */
export const REGISTRATION_FRAME_ATTRIBUTE = "data-cuepoint-frame";
/**
 * The honeypot: a field people never see and bots fill in. A no-script post with a value in it is
 * refused. Not `website`/`url` alone, so it never meets a custom field (those post as `field_<name>`).
 */
export const REGISTRATION_HONEYPOT_FIELD = "cp_homepage";
/**
 * The signed render time the hosted page and the iframe carry (a pasted static form cannot: its
 * HTML is copied once). A post sooner than a person could type after the render is refused.
 */
export const REGISTRATION_RENDERED_FIELD = "cp_rendered";
/** How a no-script post names a custom field's answer: `field_<name>`. */
export const REGISTRATION_CUSTOM_FIELD_PREFIX = "field_";
/** The message the framed form posts to its parent: `{ type, timelineID, height }`. */
export const REGISTRATION_HEIGHT_MESSAGE = "cuepoint:height";
/** The iframe's height before (or without) the resize listener, in CSS pixels. */
export const REGISTRATION_FRAME_FALLBACK_HEIGHT = 640;

/** The registration snippets of one timeline, each ready to paste. */
export interface RegistrationSnippets {
  /** The widgets' script tag and the element it mounts the form in. */
  script: string;
  /** A plain `<form method="post">` with the fields every form needs (name, email), for builders that strip scripts. */
  form: string;
  /** An iframe of the hosted form with a fallback height, and a tiny optional listener that sizes it to its content. */
  iframe: string;
  /** The hosted registration page's URL. */
  page: string;
}

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The hosted page's URL of a timeline (`origin` without its trailing slashes). */
export const registrationPageUrl = (origin: string, timelineID: string | number): string =>
  `${origin.replace(/\/+$/, "")}${REGISTRATION_PAGE_PATH}${encodeURIComponent(String(timelineID))}`;

/** The framed form's URL of a timeline. */
export const registrationFrameUrl = (origin: string, timelineID: string | number): string =>
  `${registrationPageUrl(origin, timelineID)}${REGISTRATION_FRAME_SUFFIX}`;

/**
 * The four ways to put a timeline's registration form on a page. `origin` is the server's public
 * origin (e.g. `https://app.example.com`); the no-script form posts there and is answered with a
 * 303 to the registrant's page (or the host's thank-you page); a form missing an answer the
 * timeline requires comes back as the hosted page showing what is missing, with what was typed.
 *
 * @example
 * registrationSnippets("https://app.example.com", "t_1").script;
 * // '<script async src="https://app.example.com/embed.js"></script><div data-cuepoint-registration="t_1"></div>'
 * registrationSnippets("https://app.example.com", "t_1").page;
 * // "https://app.example.com/register/t_1"
 */
export function registrationSnippets(origin: string, timelineID: string | number): RegistrationSnippets {
  const base = origin.replace(/\/+$/, "");
  const id = escapeAttribute(String(timelineID));
  const page = registrationPageUrl(base, timelineID);
  const frame = registrationFrameUrl(base, timelineID);
  const script = `<script async src="${escapeAttribute(base)}${REGISTRATION_EMBED_PATH}"></script><div ${REGISTRATION_ATTRIBUTE}="${id}"></div>`;
  const form = [
    `<form method="post" action="${escapeAttribute(page)}" accept-charset="utf-8">`,
    `  <p><label>Name<br><input name="name" autocomplete="name" required maxlength="200"></label></p>`,
    `  <p><label>Email<br><input type="email" name="email" autocomplete="email" required></label></p>`,
    // Hidden twice (attribute and style), since some editors drop one of them; a person who still
    // sees it is told to leave it empty.
    `  <div hidden style="display:none" aria-hidden="true"><label>Leave this empty <input name="${REGISTRATION_HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></label></div>`,
    `  <p><button type="submit">Register</button></p>`,
    `</form>`,
  ].join("\n");
  // The listener sizes only our frames, only from our origin, and only by the frame that posted.
  const listener =
    `<script>addEventListener("message",function(e){var d=e.data;if(e.origin!==${JSON.stringify(base).replace(/</g, "\\u003c")}` +
    `||!d||d.type!=="${REGISTRATION_HEIGHT_MESSAGE}")return;var f=document.querySelectorAll("iframe[${REGISTRATION_FRAME_ATTRIBUTE}]");` +
    `for(var i=0;i<f.length;i++)if(f[i].contentWindow===e.source)f[i].style.height=Math.ceil(d.height)+"px"})</script>`;
  const iframe =
    `<iframe src="${escapeAttribute(frame)}" ${REGISTRATION_FRAME_ATTRIBUTE}="${id}" title="Registration form" ` +
    `height="${REGISTRATION_FRAME_FALLBACK_HEIGHT}" style="width:100%;max-width:560px;border:0" loading="lazy"></iframe>\n${listener}`;
  return { script, form, iframe, page };
}
