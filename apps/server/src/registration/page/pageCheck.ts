import { parse, type DefaultTreeAdapterTypes } from "parse5";
import {
  checkTargetUrl,
  REGISTRATION_ATTRIBUTE,
  REGISTRATION_EMBED_PATH,
  REGISTRATION_FRAME_SUFFIX,
  REGISTRATION_HONEYPOT_FIELD,
  REGISTRATION_PAGE_PATH,
  type PageCheckItem,
  type PageCheckResult,
} from "@cuepoint/sdk";
import { allowPrivateTargets } from "../../integrations/endpoints.js";
import { pinnedAddress } from "../../integrations/publicHost.js";
import { exchange, ServiceError } from "../../integrations/serviceCall.js";

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

const LABEL = "Your page";

/** Every element of the document in order (a `<template>`'s content is not shown, so not walked). */
function* elementsOf(node: ParentNode): Generator<Element> {
  for (const child of node.childNodes) {
    if (!("tagName" in child)) continue;
    yield child;
    yield* elementsOf(child);
  }
}

const attribute = (element: Element, name: string): string | undefined => element.attrs.find((a) => a.name === name)?.value;

/** `value` as an absolute URL against the page (its `<base href>` first), or null when it is none. */
function resolve(value: string | undefined, base: URL): URL | null {
  if (value === undefined) return null;
  try {
    return new URL(value.trim(), base);
  } catch {
    return null;
  }
}

/** The timeline id in a `/register/{id}[/frame]` URL of this server, and whether it is the frame. */
function registerTarget(url: URL | null, origin: string): { id: string; frame: boolean } | null {
  if (!url || url.origin !== origin || !url.pathname.startsWith(REGISTRATION_PAGE_PATH)) return null;
  const rest = url.pathname.slice(REGISTRATION_PAGE_PATH.length).replace(/\/+$/, "");
  const frame = rest.endsWith(REGISTRATION_FRAME_SUFFIX);
  const id = decodeURIComponent(frame ? rest.slice(0, -REGISTRATION_FRAME_SUFFIX.length) : rest);
  return id && !id.includes("/") ? { id, frame } : null;
}

const FORM_FIELDS = ["input", "select", "textarea"];

/**
 * What the HTML of the host's page holds of the four ways, for `timelineId` on this server
 * (`origin`): the checks in words and the way that works (the script tag first, then the form,
 * then the iframe). Pure: the fetch is {@link checkPage}'s.
 *
 * @example
 * inspectPage(html, new URL("https://www.example.com/webinar"), "https://app.example.com", id);
 */
export function inspectPage(html: string, pageUrl: URL, origin: string, timelineId: string): Pick<PageCheckResult, "found" | "checks"> {
  const document = parse(html);
  const elements = [...elementsOf(document)];
  const baseElement = elements.find((e) => e.tagName === "base" && attribute(e, "href") !== undefined);
  const base = (baseElement && resolve(attribute(baseElement, "href"), pageUrl)) ?? pageUrl;
  const checks: PageCheckItem[] = [];
  let found: PageCheckResult["found"] = null;
  const expectedEmbed = `${origin}${REGISTRATION_EMBED_PATH}`;

  // The script tag: our embed.js and the element it fills, for this timeline.
  const scripts = elements.filter((e) => e.tagName === "script").map((e) => resolve(attribute(e, "src"), base));
  const ourScript = scripts.some((url) => url !== null && `${url.origin}${url.pathname}` === expectedEmbed);
  const otherEmbed = scripts.find((url) => url !== null && url.pathname.endsWith(REGISTRATION_EMBED_PATH) && url.origin !== origin);
  const mounts = elements.map((e) => attribute(e, REGISTRATION_ATTRIBUTE)).filter((value): value is string => value !== undefined);
  const ownMount = mounts.some((value) => value.trim() === timelineId);
  const otherMount = mounts.find((value) => value.trim() !== timelineId);
  if (ourScript || ownMount || otherMount !== undefined || otherEmbed) {
    if (ourScript && ownMount) {
      found = "script";
      checks.push({ name: "script", ok: true, message: "The script tag and the element it fills with this timeline's form are on the page." });
    } else if (ownMount && !ourScript) {
      checks.push({
        name: "script",
        ok: false,
        message: otherEmbed
          ? `The form's element is there, but its script comes from ${otherEmbed.origin}, not ${origin}. Copy the script tag again.`
          : `The form's element is there, but the script that fills it is missing — your builder probably removed the <script> tag. ` +
            "Switch on custom code or scripts in its settings, or use the no-script form or the iframe instead.",
      });
    } else if (ourScript && otherMount !== undefined) {
      checks.push({ name: "script", ok: false, message: `The element names another timeline (${otherMount}), not this one. Copy this timeline's code again.` });
    } else if (ourScript) {
      checks.push({
        name: "script",
        ok: false,
        message: `The script is there, but not the element it fills (<div ${REGISTRATION_ATTRIBUTE}="${timelineId}">). Paste the whole code.`,
      });
    } else {
      checks.push({ name: "script", ok: false, message: `A Cuepoint form element is there, for another timeline (${otherMount}), without this server's script.` });
    }
  }

  // The no-script form: posts to this timeline's hosted page, with an email field.
  const forms = elements
    .filter((e) => e.tagName === "form")
    .map((form) => ({ form, target: registerTarget(resolve(attribute(form, "action") ?? "", base), origin) }))
    .filter((entry): entry is { form: Element; target: { id: string; frame: boolean } } => entry.target !== null);
  const ownForm = forms.find((entry) => entry.target.id === timelineId);
  if (ownForm) {
    const fields = [...elementsOf(ownForm.form)].filter((e) => FORM_FIELDS.includes(e.tagName));
    const post = (attribute(ownForm.form, "method") ?? "get").toLowerCase() === "post";
    const email = fields.some((e) => attribute(e, "name") === "email");
    if (!post) checks.push({ name: "form", ok: false, message: 'The form is there, but it does not send with method="post". Copy the form code again.' });
    else if (!email) checks.push({ name: "form", ok: false, message: 'The form is there, but its email field (name="email") is missing. Copy the form code again.' });
    else {
      found ??= "form";
      checks.push({ name: "form", ok: true, message: "The no-script form posts to this timeline." });
      const honeypot = fields.some((e) => attribute(e, "name") === REGISTRATION_HONEYPOT_FIELD);
      if (!honeypot) {
        checks.push({
          name: "honeypot",
          ok: false,
          message: "The form's hidden spam trap is missing: registrations still work, but bots are not caught by it. Copy the form code again.",
        });
      }
    }
  } else if (forms[0]) {
    checks.push({ name: "form", ok: false, message: `The form posts to another timeline (${forms[0].target.id}), not this one. Copy this timeline's form code.` });
  }

  // The iframe: this timeline's frame (or hosted page), not sandboxed out of sending the form.
  const frames = elements
    .filter((e) => e.tagName === "iframe")
    .map((frame) => ({ frame, target: registerTarget(resolve(attribute(frame, "src"), base), origin) }))
    .filter((entry): entry is { frame: Element; target: { id: string; frame: boolean } } => entry.target !== null);
  const ownFrame = frames.find((entry) => entry.target.id === timelineId);
  if (ownFrame) {
    const sandbox = attribute(ownFrame.frame, "sandbox");
    const allows = new Set((sandbox ?? "").toLowerCase().split(/\s+/));
    const missing = sandbox === undefined ? [] : ["allow-forms", "allow-scripts", "allow-same-origin", "allow-top-navigation-by-user-activation"].filter((a) => !allows.has(a) && !(a.startsWith("allow-top") && allows.has("allow-top-navigation")));
    if (missing.length > 0) {
      checks.push({ name: "iframe", ok: false, message: `The iframe is there, but its sandbox attribute keeps the form from working: add ${missing.join(" ")}, or remove the attribute.` });
    } else {
      found ??= "iframe";
      checks.push({
        name: "iframe",
        ok: true,
        message: ownFrame.target.frame ? "The iframe shows this timeline's form." : "The iframe shows this timeline's whole hosted page; the /frame address fits better (the form alone, sized to its content).",
      });
    }
  } else if (frames[0]) {
    checks.push({ name: "iframe", ok: false, message: `The iframe shows another timeline's form (${frames[0].target.id}), not this one. Copy this timeline's iframe code.` });
  }

  if (checks.length === 0) {
    checks.push({
      name: "none",
      ok: false,
      message: "No Cuepoint registration form was found on this page. Paste one of the codes where the form should appear, publish the page, and test again.",
    });
  }
  return { found, checks };
}

/**
 * "Test this page": reads the host's published page through the same SSRF-safe exchange as the
 * webhooks (the SDK's target rule, every resolved address checked and the connection pinned to
 * it, no redirect followed, the integrations' timeout), then {@link inspectPage}. A page that
 * cannot be read is an answer with a failing `fetch` check, never an error.
 *
 * @example
 * await checkPage("https://www.example.com/webinar", "https://app.example.com", timelineId);
 */
export async function checkPage(url: string, origin: string, timelineId: string): Promise<PageCheckResult> {
  const failed = (message: string): PageCheckResult => ({ url, found: null, checks: [{ name: "fetch", ok: false, message }] });
  const target = checkTargetUrl(url, { label: "The page address", allowPrivate: allowPrivateTargets() });
  if (!target.ok) return failed(target.message);
  const pageUrl = new URL(url);
  let pin;
  try {
    pin = await pinnedAddress(pageUrl, LABEL);
  } catch (error) {
    if (error instanceof ServiceError) return failed(error.message);
    throw error;
  }
  const outcome = await exchange(LABEL, pageUrl.toString(), {
    method: "GET",
    headers: { accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5", "user-agent": "Cuepoint page check" },
    pin,
  });
  if (outcome.kind === "unreachable") return failed(outcome.message);
  if (outcome.kind === "redirect") return failed(outcome.message.replace("use that address", "test that address"));
  if (!outcome.ok) return failed(`${LABEL} answered HTTP ${outcome.status}: publish it and test again.`);
  if (typeof outcome.body !== "string") return failed(`${LABEL} answered no HTML.`);
  const inspected = inspectPage(outcome.body, pageUrl, origin, timelineId);
  return { url, found: inspected.found, checks: [{ name: "fetch", ok: true, message: `${LABEL} could be read (HTTP ${outcome.status}).` }, ...inspected.checks] };
}
