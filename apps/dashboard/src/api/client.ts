import { createClient, type UnauthorizedError } from "@cuepoint/sdk";

let unauthorizedHandler: (error: UnauthorizedError) => void = () => {};

/** Where the API lives: `VITE_API_URL` at build time, else `/api` on this origin. */
export const apiURL: string = import.meta.env.VITE_API_URL || new URL("/api", location.origin).href;

/**
 * The one API client of the dashboard. Every screen talks to the server through it. It sends no
 * bearer token: the browser sends the HttpOnly session cookie and the SDK echoes the XSRF cookie in
 * `X-XSRF-TOKEN` (no script ever sees the credential); a 401 runs the session's handler (→ /login),
 * except on invoker paths (the SDK checks the path), and the call still rejects.
 *
 * @example
 * const { success: forms } = await client.forms.list();
 */
export const client = createClient({
  apiURL,
  onUnauthorized: (error) => unauthorizedHandler(error),
});

/** Set once by the session module, so this file imports nothing of the session's state. */
export function setUnauthorizedHandler(handler: (error: UnauthorizedError) => void): void {
  unauthorizedHandler = handler;
}
