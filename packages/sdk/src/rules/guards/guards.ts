/** Route guard names of spec §6. */
export const ROUTE_GUARDS = ["auth", "noauth"] as const;
export type RouteGuard = (typeof ROUTE_GUARDS)[number];

/** Where a refused navigation goes: logged-out users to /login, logged-in users to the dashboard. */
export type GuardRedirect = "/login" | "/";
export type GuardResult = { readonly allow: true } | { readonly allow: false; readonly redirect: GuardRedirect };

export interface GuardContext {
  /** Whether a session token is present. */
  readonly loggedIn: boolean;
  /** The path being entered; see {@link checkGuard} for how it is used. */
  readonly path?: string;
}

/** The routes that never trigger session validation (spec §6). */
const SESSION_CHECK_FREE = ["/login", "/invoker"];

/** The bare route path: no query, no hash, no trailing slash (except the root). */
function routePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, "") : bare;
  return trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

/**
 * Decides a guarded navigation (spec §6): `auth` lets only logged-in users in and sends others to
 * /login; `noauth` lets only logged-out users in and sends others to /. An unknown guard name is a
 * programming error in the route table and throws.
 *
 * `path`, when given, stops a misconfigured route from redirecting to itself forever: a page is
 * never redirected to its own path. That is safe — /login is where a logged-out user belongs and /
 * where a logged-in one does.
 *
 * @example
 * checkGuard("auth", { loggedIn: false, path: "/leads" }); // { allow: false, redirect: "/login" }
 * checkGuard("noauth", { loggedIn: true, path: "/login" }); // { allow: false, redirect: "/" }
 * checkGuard("admin", { loggedIn: true }); // throws Error('Unknown route guard: "admin"')
 */
export function checkGuard(guard: RouteGuard | (string & {}), context: GuardContext): GuardResult {
  let redirect: GuardRedirect;
  if (guard === "auth") {
    if (context.loggedIn) return { allow: true };
    redirect = "/login";
  } else if (guard === "noauth") {
    if (!context.loggedIn) return { allow: true };
    redirect = "/";
  } else {
    throw new Error(`Unknown route guard: ${JSON.stringify(guard)}`);
  }
  if (context.path !== undefined && routePath(context.path) === redirect) return { allow: true };
  return { allow: false, redirect };
}

/**
 * True for the login and invoker routes, which skip the session check (spec §6). Matches the route
 * itself (query, hash and a trailing slash ignored), not paths that merely start with it.
 *
 * @example
 * skipsSessionCheck("/login?next=/leads"); // true
 * skipsSessionCheck("/invoker"); // true
 * skipsSessionCheck("/loginhelp"); // false
 */
export function skipsSessionCheck(path: string): boolean {
  return SESSION_CHECK_FREE.includes(routePath(path));
}

/**
 * Whether a 401 from the API should send the user to the login route (spec §6, §8): always,
 * except when the current path contains the word "invoker" anywhere (the spec's substring test).
 * The error is passed on to the caller either way.
 *
 * @example
 * shouldRedirectOnUnauthorized("/leads"); // true
 * shouldRedirectOnUnauthorized("/invoker?id=7"); // false
 */
export function shouldRedirectOnUnauthorized(path: string): boolean {
  return !path.includes("invoker");
}
