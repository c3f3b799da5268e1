import { account } from "./account.js";
import { automation } from "./automation.js";
import { banner } from "./banner.js";
import { createFetcher, type ClientOptions, type Fetcher } from "./createFetcher.js";
import { forms } from "./forms.js";
import { integrations } from "./integrations.js";
import { leads } from "./leads.js";
import { media } from "./media.js";
import { registration } from "./registration.js";
import { room } from "./room.js";
import { roomConsole } from "./roomConsole.js";
import { session } from "./session.js";
import { timelines } from "./timelines.js";
import { tokens } from "./tokens.js";
import { webinars } from "./webinars.js";

/** The typed client: one group per resource, one method per call of spec §7. */
export interface Client {
  session: ReturnType<typeof session>;
  account: ReturnType<typeof account>;
  tokens: ReturnType<typeof tokens>;
  banner: ReturnType<typeof banner>;
  integrations: ReturnType<typeof integrations>;
  webinars: ReturnType<typeof webinars>;
  timelines: ReturnType<typeof timelines>;
  forms: ReturnType<typeof forms>;
  media: ReturnType<typeof media>;
  leads: ReturnType<typeof leads>;
  /** The public registration endpoints (no token needed), for registration forms. */
  registration: ReturnType<typeof registration>;
  /** The event room's public endpoints (a registrant's personal token, no bearer token). */
  room: ReturnType<typeof room>;
  /** The host's live console of an event (issue 13): chat inbox, push, mute, ban, start and end. */
  console: ReturnType<typeof roomConsole>;
  /** The automation engine: catch-up and quiet hours, attendance, delivery log, dry run, live script. */
  automation: ReturnType<typeof automation>;
  /** The request core, for calls the groups do not cover (and for `downloadCsv`). */
  request: Fetcher;
}

/**
 * Creates a Cuepoint API client. Every method resolves the answer's data and rejects with a typed
 * error (`ApiError`, `UnauthorizedError`, `NetworkError`...); wrap a call in `answer()` for the
 * dashboard's `data | response | false` convention.
 *
 * @example
 * const client = createClient({
 *   apiURL: "https://api.cuepoint.io",
 *   token: () => localStorage.getItem("token"),
 *   onUnauthorized: () => router.push("/login"),
 * })
 * const { success: upcoming, total } = await client.webinars.list({ type: "upcoming", page: 1 })
 *
 * @example
 * // In-process against the Hono server, no network:
 * const client = createClient({ apiURL: "http://localhost", fetch: app.request, token })
 */
export const createClient = /* @__NO_SIDE_EFFECTS__ */ (options: ClientOptions): Client => {
  const request = createFetcher(options);
  return {
    session: session(request),
    account: account(request),
    tokens: tokens(request),
    banner: banner(request),
    integrations: integrations(request),
    webinars: webinars(request),
    timelines: timelines(request),
    forms: forms(request),
    media: media(request),
    leads: leads(request),
    registration: registration(request),
    room: room(request),
    console: roomConsole(request),
    automation: automation(request),
    request,
  };
};
