import type { Context } from "hono";
import type * as v from "valibot";
import type { Caller } from "./authenticate.js";
import type { Scope } from "../auth/scopes.js";
import type { AppDeps } from "../deps.js";

/**
 * Who may call a route:
 * - `public`: anyone, no token read (login, forgot password, the banner);
 * - `optional`: a token is read when present (change password: reset link, or logged in);
 * - `user`: any valid token, whatever its scopes (validate, the scope list);
 * - `session`: a logged-in person's session token only, never a personal access token
 *   (passwords and tokens: a leaked token must not mint tokens or lock the owner out);
 * - a scope such as `account:write`: a session, or a personal access token carrying that scope.
 */
export type Access = "public" | "optional" | "user" | "session" | Scope;

type CallerOf<TAccess extends Access> = TAccess extends "public"
  ? null
  : TAccess extends "optional"
    ? Caller | null
    : Caller;

/** What a handler receives: validated input, the caller, and the app's dependencies. */
export interface RouteInput<TBody, TQuery, TAccess extends Access> {
  body: TBody;
  query: TQuery;
  params: Record<string, string>;
  caller: CallerOf<TAccess>;
  deps: AppDeps;
  c: Context;
}

/**
 * One row of the route table: enough to register the route, validate its input with the SDK's
 * schemas, check access, and describe it in the OpenAPI document — one source for all three.
 */
export interface RouteSpec<TBody, TQuery, TAccess extends Access> {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Below /api, Hono style: `/oauth/personal-access-tokens/:id`. */
  path: string;
  /** The SDK client method that makes this call (`account.updateUser`), also the operationId. */
  operationId: string;
  tag: string;
  summary: string;
  /** Behaviour the wire contract leaves open, written down for API users. */
  description?: string;
  access: TAccess;
  /** The SDK request schema of the body. Absent: the body is not read. */
  body?: v.GenericSchema<unknown, TBody>;
  /** How the SDK sends the body; the server reads JSON and multipart alike. */
  encoding?: "json" | "multipart";
  /**
   * How large a body this route takes (http/bodyLimits.ts): bytes, or `streamed` when the handler
   * reads the stream itself and enforces its own limits. Absent: `config.bodyLimitBytes` (1 MiB).
   */
  bodyLimit?: number | "streamed";
  query?: v.GenericSchema<unknown, TQuery>;
  answer: {
    description: string;
    /** The shape of a successful answer, for the OpenAPI document (SDK entity schemas where they exist). */
    schema?: v.GenericSchema;
    contentType?: string;
  };
  /** Returns the JSON answer, or a complete Response. */
  handle(input: RouteInput<TBody, TQuery, TAccess>): Promise<unknown>;
}

/** A route with its types erased, as the table holds it. */
export type Route = RouteSpec<unknown, unknown, Access>;

/**
 * Declares a route; the body and query types flow from the schemas into the handler.
 *
 * @example
 * defineRoute({ method: "POST", path: "/level", access: "account:write", body: SetLevelRequestSchema, … ,
 *   handle: async ({ body, caller }) => … body.level … })
 */
export const defineRoute = <TBody = undefined, TQuery = undefined, TAccess extends Access = Access>(
  spec: RouteSpec<TBody, TQuery, TAccess>,
): Route => spec as unknown as Route;

