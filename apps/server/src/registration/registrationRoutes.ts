import * as v from "valibot";
import { RegistrationConfigSchema, RegistrationRequestSchema, RegistrationResultSchema } from "@cuepoint/sdk";
import type { EventRow } from "../db/schema/index.js";
import { defineRoute } from "../http/route.js";
import { PUBLIC_PREFIX } from "../http/publicCors.js";
import { readRegistrationForm } from "./formSnapshot.js";
import { DEFAULT_PUBLIC_RATE_LIMITS } from "./rateLimits.js";
import { MAX_SESSIONS } from "../events/publicTimeline.js";
import { pageMayRegister, registerVisitor, registrantLinks } from "./registerVisitor.js";
import { requestHost } from "./whitelist.js";

const sessionToWire = (event: EventRow) => ({
  eventId: event.id,
  name: event.name,
  startTime: event.startsAt.toISOString(),
  timeZone: event.timeZone,
});

const PUBLIC_NOTE =
  "Public: no token, answered to any site's page (CORS: the request's Origin is echoed, preflights answered; " +
  "only `/api/public/*` does this). Unknown, malformed and trashed timeline ids answer 404.";

const WHITELIST_NOTE =
  "Whitelist: when the timeline's `registration.whitelist.enabled` is on, the page's host — from the `Origin` " +
  "header, else the `Referer` — must be one of `whitelist.domains` or a subdomain of one (`example.com` admits " +
  "`www.example.com`, not `badexample.com`; scheme and port do not matter); a request with neither header is " +
  "refused. This server's own pages (the hosted registration page `/register/{id}` and its frame, at `PUBLIC_URL`'s " +
  "host) are always allowed. This is a browser-side guard (other clients can send any header), not authentication.";

const config = defineRoute({
  method: "GET",
  path: `${PUBLIC_PREFIX}/timelines/:id/registration`,
  operationId: "registration.config",
  tag: "Public registration",
  summary: "What the registration widget shows for a timeline: fields, sessions, whitelist",
  description:
    `${PUBLIC_NOTE} \`fields\`: name, email (always required) and phone, then the custom fields of ` +
    "`registration.customForms` when `customeEnable` is on (a custom field named name/email/phone changes the " +
    "built-in one's label and `required`). `type`: `one-time` (the registrant gets the next session; `sessions` " +
    `holds only it) or \`multi-option\` (the visitor picks one of \`sessions\`, up to ${MAX_SESSIONS}). Sessions ` +
    "are the timeline's visible events still open — `registration.registrationStart` minutes after their start " +
    "(negative: before) — soonest first, as UTC instants with their IANA time zone; `timeZone` is the " +
    "timeline's. `open` is false when registration is closed (`registration.block`) or no session is left. " +
    "`whitelist` says whether it is on and whether this request's page may register (`allowed`); the domain " +
    `list itself is not sent — the widget needs only the answer, and the host's list stays private. ${WHITELIST_NOTE}`,
  access: "public",
  answer: {
    description: "The form.",
    schema: v.object({ success: RegistrationConfigSchema }),
  },
  async handle({ params, deps, c }) {
    const { form, sessions } = await readRegistrationForm(deps.db.orm, params.id ?? "", deps.config.now());
    const { timeline } = form;
    const { registration, general } = timeline;
    const host = requestHost({ origin: c.req.header("origin"), referer: c.req.header("referer") });
    return {
      success: {
        timelineId: timeline.id,
        name: timeline.name,
        type: registration.type,
        open: !registration.block && sessions.length > 0,
        timeZone: general.timeZone,
        fields: form.fields,
        sessions: sessions.map(({ event }) => sessionToWire(event)),
        whitelist: {
          enabled: registration.whitelist.enabled,
          allowed: pageMayRegister(form, host, deps.config),
        },
      },
    };
  },
});

const limits = DEFAULT_PUBLIC_RATE_LIMITS;

const register = defineRoute({
  method: "POST",
  path: `${PUBLIC_PREFIX}/timelines/:id/registrations`,
  operationId: "registration.register",
  tag: "Public registration",
  summary: "Register for a timeline's session: creates the lead, or answers the one already there",
  description:
    `${PUBLIC_NOTE} The session: \`one-time\` forms take the next open session (any \`eventId\` is ignored); ` +
    "`multi-option` forms need `eventId`, one of the config's `sessions` (400 when missing, 422 when it is not " +
    "open). Idempotent per email (any case) and session: the first registration answers 201, a repeat 200 with " +
    "the same registrant, unchanged. `email` passes the SDK's email rule; required fields and the custom fields' " +
    "answers are checked against the form (400 naming `name`, `phone` or `fields.<name>`); answers to fields the " +
    'form does not have are dropped. 403 when the page is not on the whitelist (message: "Origin domain is not ' +
    "on this timeline's whitelist\") or the email address is banned in the account; 422 when registration is " +
    `closed or no session is left; 409 in the rare case the form kept changing while the registration was ` +
    `stored (nothing was stored: send it again). Rate-limited (429 with Retry-After), counting only valid attempts (those ` +
    `that passed every check above): ${limits.perIp.max} registrations per address per ` +
    `${limits.perIp.windowMs / 60_000} minutes, ${limits.perTimeline.max} per timeline per ` +
    `${limits.perTimeline.windowMs / 60_000} minute (a mailing's crowd gets in; a flood does not), shared by every ` +
    "server instance on the database; the address is the socket's, or the " +
    "right-most X-Forwarded-For entry when the peer is a proxy on loopback or a private network. " +
    "`joinUrl` and `replayUrl` are the registrant's own links (`{PUBLIC_URL}/join/{registrantId}`, on the " +
    "timeline's join domain (`general.joinDomain`) when it has one, " +
    `\`/replay/{registrantId}\`); \`startTime\` is the session's UTC instant and \`timeZone\` its zone. ` +
    "The request's optional `timeZone` (the registrant's IANA zone, 400 when unknown) and `smsConsent` (agreement " +
    "to text messages) are stored with a new registrant: the engine sends SMS/MMS actions only with consent, never " +
    `in the timeline's quiet hours in that zone (the event's zone when none is given). ${WHITELIST_NOTE}`,
  access: "public",
  body: RegistrationRequestSchema,
  answer: {
    description: "The registration (201 when new, 200 when it already existed).",
    schema: v.object({ success: RegistrationResultSchema }),
  },
  async handle({ params, body, deps, c }) {
    const { registrantId, event, created, form } = await registerVisitor(deps, c, params.id ?? "", body);
    return c.json(
      {
        success: {
          registrantId,
          eventId: event.id,
          startTime: event.startsAt.toISOString(),
          timeZone: event.timeZone,
          ...registrantLinks(deps.config, form.timeline.general, registrantId),
          created,
        },
      },
      created ? 201 : 200,
    );
  },
});

export const publicRegistrationRoutes = [config, register];
