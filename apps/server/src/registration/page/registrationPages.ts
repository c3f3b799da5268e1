import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { PageSettingSchema, REGISTRATION_HONEYPOT_FIELD, REGISTRATION_RENDERED_FIELD } from "@cuepoint/sdk";
import type { AppDeps } from "../../deps.js";
import { HttpError } from "../../http/errors.js";
import { linkBase } from "../../config/joinDomains.js";
import { serveFile } from "../../media/serveFile.js";
import { readRegistrationForm, type OpenForm } from "../formSnapshot.js";
import { findPublicTimeline } from "../../events/publicTimeline.js";
import { registerVisitor, registrantLinks } from "../registerVisitor.js";
import { brandingImage, brandingUrls } from "../../events/branding.js";
import { section } from "../../events/roomLink.js";
import type { FormView } from "./formHtml.js";
import { frameRegisteredHtml, registrationFrameHtml, registrationNotFoundHtml, registrationPageHtml } from "./pageHtml.js";
import { FRAME_SCRIPT_HASH, PAGE_SCRIPT_HASH } from "./pageScripts.js";
import { postedNameOfApiField, readPostedForm, typedValues, type FormErrors, type TypedValues } from "./postedForm.js";
import { checkRenderToken, renderToken, type RenderCheck } from "./renderToken.js";
import { pageLocale, sessionTime } from "./sessionTimes.js";

/** Largest no-script post: a form's answers, never a file. */
const POST_LIMIT_BYTES = 64 * 1024;

const originOf = (url: string | null): string | null => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

function securityHeaders(c: Context, csp: string): void {
  c.header("Content-Security-Policy", csp);
  // The form's post must carry its Origin (the whitelist reads it); nothing more leaves for other sites.
  c.header("Referrer-Policy", "strict-origin-when-cross-origin");
  c.header("X-Content-Type-Options", "nosniff");
  // Every render carries its own signed time, and a re-render what was typed.
  c.header("Cache-Control", "no-store");
}

/** The host's thank-you page: the page settings' confirmation page when it is a custom URL. */
function thankYouOf(setting: unknown): string | null {
  const page = section(PageSettingSchema, (setting as { page?: unknown } | null)?.page);
  return page.confirmation.type === "custom" && /^https?:\/\//i.test(page.confirmation.url) ? page.confirmation.url : null;
}

/** Who may frame the form: anyone, or — with the whitelist on — only the whitelisted sites (the browser enforces it). */
function frameAncestors(open: OpenForm): string {
  const { whitelist } = open.form.timeline.registration;
  if (!whitelist.enabled) return "*";
  const hosts = whitelist.domains.map((d) => d.trim().toLowerCase()).filter((d) => /^[a-z0-9.-]+$/.test(d));
  return ["'self'", ...hosts.flatMap((d) => [d, `*.${d}`])].join(" ");
}

/**
 * The hosted registration pages (outside /api, beside the room's /join pages): the page at
 * `/register/{timelineID}`, its form without chrome at `/register/{timelineID}/frame`, the
 * no-script posts to both, and the branding images they show. See README.md beside this file.
 *
 * @example
 * serveRegistrationPages(app, deps); // before the dashboard's catch-all
 */
export function serveRegistrationPages(app: Hono, deps: AppDeps): void {
  const { orm } = deps.db;
  const base = deps.config.publicURL.replace(/\/+$/, "");
  /** Where a timeline's public links start: its join domain when it has one the server lists, else PUBLIC_URL. */
  const baseOf = (general: { joinDomain?: string }) => linkBase(deps.config, general);

  /** The form of a timeline, or null for a timeline the public does not see (404 page). */
  const openForm = async (id: string): Promise<OpenForm | null> => {
    try {
      return await readRegistrationForm(orm, id, deps.config.now());
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  };

  const notFound = (c: Context) => {
    securityHeaders(c, "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *; base-uri 'none'");
    return c.html(registrationNotFoundHtml(), 404);
  };

  const formView = async (open: OpenForm, action: string, values: TypedValues, errors: FormErrors): Promise<FormView> => {
    const { timeline, fields } = open.form;
    const locale = pageLocale(timeline.general.language);
    const zone = timeline.general.timeZone;
    const { registration } = timeline;
    const closed = registration.block
      ? "Registration for this webinar is closed."
      : open.sessions.length === 0
        ? "There is no upcoming session to register for."
        : "";
    return {
      action,
      fields,
      type: registration.type,
      sessions: open.sessions.map(({ event }) => ({
        id: event.id,
        name: event.name,
        startsAt: event.startsAt.toISOString(),
        label: sessionTime(event.startsAt, zone, locale),
      })),
      closed,
      values,
      errors,
      rendered: await renderToken(orm, timeline.id, deps.config.now()),
    };
  };

  const page = async (c: Context, open: OpenForm, values: TypedValues = {}, errors: FormErrors = {}, status: 200 | 400 | 403 | 409 | 422 | 429 = 200) => {
    const { timeline, row } = open.form;
    const { general } = timeline;
    const branding = await brandingUrls(orm, timeline.accountId, general, (id) => `/register/${timeline.id}/media/${id}`);
    const thankYou = thankYouOf(row.setting);
    const image = branding.countdownImageUrl ?? branding.backgroundUrl ?? branding.logoUrl;
    const links = baseOf(general);
    const pageUrl = `${links}/register/${timeline.id}`;
    const formActions = [...new Set(["'self'", originOf(base), originOf(links), originOf(thankYou)].filter(Boolean))].join(" ");
    securityHeaders(
      c,
      `default-src 'none'; script-src 'self' ${PAGE_SCRIPT_HASH}; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; ` +
        `connect-src 'self'; form-action ${formActions}; frame-ancestors 'self'; base-uri 'none'`,
    );
    const html = registrationPageHtml({
      form: await formView(open, `/register/${timeline.id}`, values, errors),
      timelineId: timeline.id,
      title: timeline.name || "Webinar",
      description: general.description,
      organizer: general.organizer,
      presenters: general.presenters,
      language: general.language,
      zone: general.timeZone,
      logoUrl: branding.logoUrl,
      faviconUrl: branding.faviconUrl,
      imageUrl: image && (image.startsWith("/") ? `${links}${image}` : image),
      pageUrl,
      joinBase: `${links}/join/`,
      thankYou,
    });
    return c.html(html, status);
  };

  const frame = async (c: Context, open: OpenForm, values: TypedValues = {}, errors: FormErrors = {}, status: 200 | 400 | 403 | 409 | 422 | 429 = 200) => {
    const { timeline } = open.form;
    securityHeaders(
      c,
      `default-src 'none'; script-src ${FRAME_SCRIPT_HASH}; style-src 'unsafe-inline'; img-src 'self' https: data:; ` +
        `form-action 'self'; frame-ancestors ${frameAncestors(open)}; base-uri 'none'`,
    );
    const form = await formView(open, `/register/${timeline.id}/frame`, values, errors);
    return c.html(
      registrationFrameHtml({ form, timelineId: timeline.id, title: timeline.name || "Webinar", language: timeline.general.language, zone: timeline.general.timeZone }),
      status,
    );
  };

  /** The refusal of a render token, in words for the person (who sends the form again). */
  const renderRefusal = (check: Extract<RenderCheck, { ok: false }>): { status: 400 | 422; message: string } =>
    check.reason === "forged"
      ? { status: 400, message: "This form could not be checked. Send it again." }
      : check.reason === "too-fast"
        ? { status: 422, message: "That was quicker than a person can fill in the form. Check your answers and send it again." }
        : { status: 422, message: "This page was open for a long time. Send the form again." };

  /**
   * A no-script post: the honeypot and the render time, every field's error at once, then the
   * public registration's own rules, limits and idempotency (registration/registerVisitor.ts). Invalid
   * input comes back as the form with what was typed and each error beside its field.
   */
  const post = (framed: boolean) => async (c: Context) => {
    const id = c.req.param("id") ?? "";
    const open = await openForm(id);
    if (!open) return notFound(c);
    const body = await c.req.parseBody().catch(() => ({}));
    const values = typedValues(body);
    const again = (errors: FormErrors, status: 400 | 403 | 409 | 422 | 429) => {
      const kept = { ...values };
      delete kept[REGISTRATION_HONEYPOT_FIELD];
      return (framed ? frame : page)(c, open, kept, errors, status);
    };
    if ((values[REGISTRATION_HONEYPOT_FIELD] ?? "").trim() !== "") {
      return again({ "": 'This form could not be sent. If you filled in "Leave this empty", empty it and send the form again.' }, 422);
    }
    const timing = await checkRenderToken(orm, open.form.timeline.id, values[REGISTRATION_RENDERED_FIELD], deps.config.now());
    if (!timing.ok) {
      const refusal = renderRefusal(timing);
      return again({ "": refusal.message }, refusal.status);
    }
    const read = readPostedForm(open.form.fields, open.form.timeline.registration.type, open.sessions, values);
    if (!read.ok) return again(read.errors, 400);
    let registered;
    try {
      registered = await registerVisitor(deps, c, open.form.timeline.id, read.request);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.status === 404) return notFound(c);
      const status = ([403, 409, 422, 429] as const).find((s) => s === error.status) ?? 400;
      return again({ [postedNameOfApiField(error.field)]: error.message }, status);
    }
    const thankYou = thankYouOf(registered.form.row.setting);
    const next = thankYou ?? registrantLinks(deps.config, registered.form.timeline.general, registered.registrantId).joinUrl;
    if (!framed) return c.redirect(next, 303);
    securityHeaders(c, `default-src 'none'; script-src ${FRAME_SCRIPT_HASH}; style-src 'unsafe-inline'; frame-ancestors ${frameAncestors(open)}; base-uri 'none'`);
    const { timeline } = registered.form;
    return c.html(frameRegisteredHtml({ timelineId: timeline.id, title: timeline.name || "Webinar", language: timeline.general.language, next, thankYou: thankYou !== null }));
  };

  const limit = bodyLimit({
    maxSize: POST_LIMIT_BYTES,
    onError: (c) => c.text("The form sent too much. Shorten your answers and send it again.", 413),
  });

  app.get("/register/:id", async (c) => {
    const open = await openForm(c.req.param("id"));
    return open ? page(c, open) : notFound(c);
  });
  app.post("/register/:id", limit, post(false));
  app.get("/register/:id/frame", async (c) => {
    const open = await openForm(c.req.param("id"));
    return open ? frame(c, open) : notFound(c);
  });
  app.post("/register/:id/frame", limit, post(true));
  app.get("/register/:id/media/:mediaId", async (c) => {
    const timeline = await findPublicTimeline(orm, c.req.param("id")).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    });
    const row = timeline && (await brandingImage(orm, timeline.accountId, timeline.general, c.req.param("mediaId")));
    if (!row) return c.text("There is no such image for this event.", 404);
    return serveFile(deps.media, row, c.req.header("range"));
  });
}
