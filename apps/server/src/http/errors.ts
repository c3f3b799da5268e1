import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * An answer other than success, thrown from anywhere in a route and turned into
 * `{ success: false, message, field? }` by the one error handler. The client shows `message`
 * to the person (SDK `ApiError.message`) and `field` says which input to fix (`ApiError.field`).
 *
 * Statuses: 400 the request does not match its schema; 401 no valid token; 403 valid token but
 * not allowed (scope, disabled account); 404 no such thing in the caller's account; 409 conflict
 * with existing data; 413 body too large; 415 unreadable body encoding; 422 well-formed but
 * cannot be done (wrong current password, expired reset link, unknown plan); 429 too many tries.
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const unauthorized = (message = "Log in to continue.") => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, field?: string) => new HttpError(409, message, field);
export const unprocessable = (message: string, field?: string) => new HttpError(422, message, field);

/** The body of every error answer. */
export const errorBody = (message: string, field?: string) =>
  field === undefined ? { success: false as const, message } : { success: false as const, message, field };

/** The app's `onError`: known errors keep their status and words, anything else is a logged 500. */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof HttpError) return c.json(errorBody(error.message, error.field), error.status);
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    return c.json(errorBody(error.message || "The request could not be handled."), status);
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.json(
    errorBody("Something went wrong on our side. Try again, and contact support if it keeps happening."),
    500,
  );
}
