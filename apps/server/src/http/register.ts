import type { Hono } from "hono";
import { authenticate, checkAccess, type Caller } from "../auth/authenticate.js";
import type { AppDeps } from "../deps.js";
import { parseInput, readBody } from "./input.js";
import type { Route } from "./route.js";

/**
 * Registers the route table on `api`. For each call, in this order: the caller (401/403 before
 * anything else is looked at), then the query and the body, parsed with the route's SDK schema
 * (400 naming the field), then the handler. A handler's plain value is sent as JSON.
 */
export function registerRoutes(api: Hono, routes: readonly Route[], deps: AppDeps): void {
  for (const route of routes) {
    api.on(route.method, route.path, async (c) => {
      let caller: Caller | null = null;
      const header = c.req.header("authorization");
      if (route.access !== "public" && (route.access !== "optional" || header)) {
        caller = await authenticate(deps.db.orm, header, deps.config.now());
        if (route.access !== "optional") checkAccess(caller, route.access);
      }
      const query = route.query ? parseInput(route.query, c.req.query()) : undefined;
      const body = route.body ? parseInput(route.body, await readBody(c)) : undefined;
      const result = await route.handle({ body, query, params: c.req.param(), caller, deps, c });
      return result instanceof Response ? result : c.json(result as object);
    });
  }
}
