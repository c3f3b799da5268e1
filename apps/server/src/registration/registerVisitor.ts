import type { Context } from "hono";
import type * as v from "valibot";
import { checkRegistrationAnswers, type JoinDomain, type RegistrationRequestSchema } from "@cuepoint/sdk";
import type { AppDeps } from "../deps.js";
import type { EventRow } from "../db/schema/index.js";
import { linkBase } from "../config/joinDomains.js";
import { badRequest, forbidden, HttpError } from "../http/errors.js";
import { clientIp } from "../http/clientIp.js";
import { CHANGED, readRegistrationForm, type FormSnapshot, type OpenSession } from "./formSnapshot.js";
import { refusedRegistration, registrationLimits } from "./rateLimits.js";
import { storeRegistration } from "./storeRegistration.js";
import { isWhitelisted, NOT_WHITELISTED, requestHost } from "./whitelist.js";

export type ParsedRegistration = v.InferOutput<typeof RegistrationRequestSchema>;

/** A stored registration: who, for which session, and whether it is new. */
export interface RegisteredVisitor {
  registrantId: string;
  event: EventRow;
  created: boolean;
  /** The form it was checked against (its timeline's settings, e.g. the page settings). */
  form: FormSnapshot;
}

/** The hosts of this server's own pages (`PUBLIC_URL` and the join domains): its hosted registration page and frame are never off the whitelist. */
const ownHosts = (config: OwnAddresses): (string | null)[] => [
  requestHost({ origin: config.publicURL }),
  ...(config.joinDomains ?? []).map((d) => requestHost({ origin: d.url })),
];

/** The server's own addresses: `PUBLIC_URL` and the operator's join domains. */
export interface OwnAddresses {
  publicURL: string;
  joinDomains?: readonly JoinDomain[] | undefined;
}

/**
 * Whether the page a request comes from may register: the whitelist is off, the page's host is on
 * it, or the page is this server's own (the hosted registration page, its frame, the widget on
 * them), on its own address or on one of its join domains.
 */
export function pageMayRegister(form: FormSnapshot, host: string | null, config: OwnAddresses): boolean {
  const { whitelist } = form.timeline.registration;
  return !whitelist.enabled || isWhitelisted(host, whitelist.domains) || (host !== null && ownHosts(config).includes(host));
}

/**
 * The form's rules for a registration: the page's whitelist, registration open, the answers, and
 * the session (`one-time`: the next open one; `multi-option`: the one chosen, among those offered).
 * Throws the 4xx that says what is wrong.
 */
function checkRegistration(form: FormSnapshot, sessions: OpenSession[], body: ParsedRegistration, host: string | null, config: OwnAddresses) {
  const { registration } = form.timeline;
  if (!pageMayRegister(form, host, config)) throw forbidden(NOT_WHITELISTED);
  if (registration.block) throw new HttpError(422, "Registration for this webinar is closed.");
  const answers = checkRegistrationAnswers(form.fields, body);
  if (!answers.ok) throw badRequest(answers.message, answers.field);
  let session = sessions[0];
  if (registration.type === "multi-option") {
    if (!body.eventId) throw badRequest("Choose a session to register for.", "eventId");
    session = sessions.find(({ event }) => event.id === body.eventId);
    if (!session) {
      throw new HttpError(422, "This session is no longer open for registration. Choose another one.", "eventId");
    }
  }
  if (!session) throw new HttpError(422, "There is no upcoming session to register for.");
  return { session, answers: answers.answers };
}

/**
 * Registers a visitor for a timeline's session, as every public way in does (the widget's JSON
 * endpoint, the hosted page and the no-script form): the page's whitelist (from the request's
 * Origin, else Referer), the form's rules, the rate limits, the ban list and idempotency per email
 * and session. Throws the HttpError that says what is wrong (403, 400/422 with its field, 429 with
 * Retry-After set on `c`, 409, 404).
 *
 * @example
 * const { registrantId, created } = await registerVisitor(deps, c, timelineId, parsedBody);
 */
export async function registerVisitor(deps: AppDeps, c: Context, timelineId: string, body: ParsedRegistration): Promise<RegisteredVisitor> {
  const { orm } = deps.db;
  const host = requestHost({ origin: c.req.header("origin"), referer: c.req.header("referer") });
  const ip = clientIp(c);
  // The form as last read is used while it is current — the write checks that in its own
  // statement, and a form changed meanwhile is read again; a refusal is only answered from a
  // fresh read.
  let reuse = true;
  for (let attempt = 0; ; attempt++) {
    const now = deps.config.now();
    const { form, sessions, reused } = await readRegistrationForm(orm, timelineId, now, { reuse });
    let checked: ReturnType<typeof checkRegistration>;
    try {
      checked = checkRegistration(form, sessions, body, host, deps.config);
    } catch (error) {
      if (!reused || !(error instanceof HttpError)) throw error;
      reuse = false;
      continue;
    }
    // The registrant and the jobs of the timeline's actions are stored together, in one
    // statement that also counts the attempt against the limits (only valid attempts count, so
    // a typo costs nobody their allowance: the address's, then the form's).
    const stored = await storeRegistration(
      deps.db,
      form,
      checked.session,
      {
        email: body.email,
        name: body.name,
        phone: body.phone ?? "",
        customFields: checked.answers,
        // The engine sends text messages only with consent, and out of quiet hours in this zone.
        timeZone: body.timeZone ?? "",
        smsConsent: body.smsConsent ?? false,
      },
      now,
      registrationLimits(deps, ip, form.row.id, now),
    );
    if (stored.outcome === "stale") {
      reuse = false;
      if (attempt < 4) continue;
      throw new HttpError(409, CHANGED);
    }
    if (stored.outcome === "refused") throw refusedRegistration(c, stored.refusal);
    if (stored.outcome === "banned") throw forbidden("This email address cannot register for this webinar.");
    return { registrantId: stored.registrantId, event: checked.session.event, created: stored.outcome === "created", form };
  }
}

/**
 * The registrant's own links: on the timeline's join domain when it has one the server lists,
 * else below the public URL (config/joinDomains.ts `linkBase`).
 */
export const registrantLinks = (config: OwnAddresses, general: { joinDomain?: string } | undefined, registrantId: string) => {
  const base = linkBase(config, general);
  return { joinUrl: `${base}/join/${registrantId}`, replayUrl: `${base}/replay/${registrantId}` };
};
