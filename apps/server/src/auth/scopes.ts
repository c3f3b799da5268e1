/**
 * The scopes a personal access token may carry (`GET /oauth/scopes`). One `read` and one `write`
 * scope per resource group of spec §7; `write` does not include `read`, so a token that only
 * pushes leads cannot list them. Session tokens (a logged-in person) hold every scope.
 *
 * Credentials themselves — passwords and the tokens — are managed by a person only: those routes
 * take a session token and refuse a personal access token whatever its scopes ("session" routes),
 * so a leaked token can never mint another token or lock the owner out.
 */
export const SCOPES = [
  { id: "webinars:read", description: "List and read webinars, attendance figures and analytics." },
  { id: "webinars:write", description: "Schedule, update and delete webinars and co-organizers." },
  { id: "timelines:read", description: "Read timelines, their settings, actions and revisions." },
  { id: "timelines:write", description: "Create, change, share, copy, trash and restore timelines." },
  { id: "integrations:read", description: "List integrations and read their lists, tags and fields." },
  { id: "integrations:write", description: "Connect, change, test and remove integrations." },
  { id: "media:read", description: "List media files and folders." },
  { id: "media:write", description: "Upload, rename and delete media, and create folders." },
  { id: "leads:read", description: "List, search and export registrants (any answer holding their personal data)." },
  { id: "leads:write", description: "Import, ban and delete registrants." },
  { id: "account:read", description: "Read the profile, plan, purchases and resource usage." },
  { id: "account:write", description: "Change the profile, terms consent, plan and payment method." },
] as const;

export type Scope = (typeof SCOPES)[number]["id"];

export const SCOPE_IDS: readonly Scope[] = SCOPES.map((scope) => scope.id);

export const isScope = (value: string): value is Scope => (SCOPE_IDS as readonly string[]).includes(value);
