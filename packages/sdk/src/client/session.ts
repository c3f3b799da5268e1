import type { User } from "../schemas/index.js";
import type { CuepointPromise, Fetcher } from "./createFetcher.js";
import { group } from "./group.js";
import { fetcherOf, route, type CallOf, type ClientLike } from "./route.js";
import { toForm } from "./form.js";
import type { Ack, Success } from "./types.js";

/** The answer of login and validate: the user, whose `api_token` is the session's bearer token. */
export type SessionResult = Success<User>;

export interface SessionResource {
  /**
   * `POST /login` (multipart, no bearer token). `remember` asks for the 30-day token. `cookieOnly`
   * (browser apps): the session lives in the server's HttpOnly cookie alone and the answer carries
   * no `api_token`, so no script ever holds the credential; with `accessToken`, that token is put in
   * the cookie.
   *
   * @example
   * const { success: user } = await client.session.login("host@example.com", "Webinar#2024", { remember: true })
   * const again = await client.session.login({ accessToken: "pat_..." })
   */
  login(email: string, password: string, options?: { remember?: boolean; cookieOnly?: boolean }): CuepointPromise<SessionResult>;
  login(credentials: { accessToken: string; cookieOnly?: boolean }): CuepointPromise<SessionResult>;
  /**
   * `POST /validate`: checks the current token and answers the user; 401 when it is no longer valid.
   *
   * @example
   * const { success: user } = await client.session.validate()
   */
  validate(): CuepointPromise<SessionResult>;
  /**
   * `POST /logout` (design): ends the session of the current token, which stops working at once.
   *
   * @example
   * await client.session.logout()
   */
  logout(): CuepointPromise<Ack>;
}

/**
 * `POST /login` (multipart, no bearer token). `remember` asks for the 30-day token. `cookieOnly`
 * (browser apps): the session lives in the server's HttpOnly cookie alone and the answer carries no
 * `api_token`, so no script ever holds the credential; with `accessToken`, that token is put in the
 * cookie.
 *
 * @example
 * const { success: user } = await sessionLogin(client, "host@example.com", "Webinar#2024", { remember: true })
 * const again = await sessionLogin(client, { accessToken: "pat_..." })
 */
export function sessionLogin(
  client: ClientLike,
  email: string,
  password: string,
  options?: { remember?: boolean; cookieOnly?: boolean },
): CuepointPromise<SessionResult>;
export function sessionLogin(client: ClientLike, credentials: { accessToken: string; cookieOnly?: boolean }): CuepointPromise<SessionResult>;
export function sessionLogin(
  client: ClientLike,
  emailOrToken: string | { accessToken: string; cookieOnly?: boolean },
  password?: string,
  options?: { remember?: boolean; cookieOnly?: boolean },
): CuepointPromise<SessionResult> {
  return fetcherOf(client)<SessionResult>(
    "POST",
    "/login",
    toForm(
      typeof emailOrToken === "string"
        ? { email: emailOrToken, password, remember: options?.remember || undefined, cookieOnly: options?.cookieOnly || undefined }
        : { accessToken: emailOrToken.accessToken, cookieOnly: emailOrToken.cookieOnly || undefined },
    ),
    { auth: false },
  );
}

/**
 * `POST /validate`: checks the current token and answers the user; 401 when it is no longer valid.
 *
 * @example
 * const { success: user } = await sessionValidate(client)
 */
export const sessionValidate: CallOf<SessionResource["validate"]> = /* @__PURE__ */ route("POST /validate");

/** `POST /logout` (design): ends the session of the current token, which stops working at once. @example await sessionLogout(client) */
export const sessionLogout: CallOf<SessionResource["logout"]> = /* @__PURE__ */ route("POST /logout");

/** Session calls (spec §7 "Session and account"). */
export const session = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): SessionResource =>
  group<SessionResource>(call, {
    login: sessionLogin,
    validate: sessionValidate,
    logout: sessionLogout,
  });
