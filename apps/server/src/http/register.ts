import type { Context, Hono } from "hono";
import { authenticate, checkAccess, type Caller } from "./authenticate.js";
import { checkXsrf, clearSessionCookies, requestCredential, type Credential } from "./cookies.js";
import type { AppDeps } from "../deps.js";
import { HttpError } from "./errors.js";
import { assertStorableInput, parseInput, readBody } from "./input.js";
import type { Route } from "./route.js";

/**
 * Registers the route table on `api`. For each call, in this order: the caller (401/403 before
 * anything else is looked at: token or session cookie, the XSRF header of a cookie call, the
 * route's access), then the query and the body, parsed with the route's SDK schema (400 naming
 * the field), then the handler. A handler's plain value is sent as JSON. Public routes read no
 * credential at all, neither header nor cookie.
 */
export function registerRoutes(api: Hono, routes: readonly Route[], deps: AppDeps): void {
  for (const route of routes) {
    api.on(route.method, route.path, async (c) => {
      let caller: Caller | null = null;
      if (route.access !== "public") {
        const credential = requestCredential(c);
        if (route.access !== "optional" || credential) {
          caller = await callerOf(c, deps, credential);
          if (route.access !== "optional") checkAccess(caller, route.access);
        }
      }
      // Path parameters and queries no schema reads are held to the same text rule.
      assertStorableInput(c.req.param());
      assertStorableInput(c.req.query());
      const query = route.query ? parseInput(route.query, c.req.query()) : undefined;
      const body = route.body ? parseInput(route.body, await readBody(c)) : undefined;
      const result = await route.handle({ body, query, params: c.req.param(), caller, deps, c });
      return result instanceof Response ? result : c.json(result as object);
    });
  }
}

/** Authenticates the credential; a cookie call also passes the XSRF check, and loses its ended session's cookies. */
async function callerOf(c: Context, deps: AppDeps, credential: Credential | undefined): Promise<Caller> {
  try {
    const caller = await authenticate(deps.db.orm, credential?.header, deps.config.now());
    if (credential) checkXsrf(c, credential);
    return caller;
  } catch (error) {
    if (credential?.from === "cookie" && error instanceof HttpError && error.status === 401) {
      clearSessionCookies(c, deps.config);
    }
    throw error;
  }
}
