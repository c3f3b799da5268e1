import type { User } from "../schemas/index.js";
import type { CuepointPromise, Fetcher } from "./createFetcher.js";
import { group } from "./group.js";
import { toForm } from "./form.js";
import type { Ack, Success } from "./types.js";

/** The answer of login and validate: the user, whose `api_token` is the session's bearer token. */
export type SessionResult = Success<User>;

export interface SessionResource {
  /**
   * `POST /login` (multipart, no bearer token). `remember` asks for the 30-day token.
   *
   * @example
   * const { success: user } = await client.session.login("host@example.com", "Webinar#2024", { remember: true })
   * const again = await client.session.login({ accessToken: "pat_..." })
   */
  login(email: string, password: string, options?: { remember?: boolean }): CuepointPromise<SessionResult>;
  login(credentials: { accessToken: string }): CuepointPromise<SessionResult>;
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

/** Session calls (spec §7 "Session and account"). */
export const session = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): SessionResource =>
  group<SessionResource>(call, {
    login: (emailOrToken: string | { accessToken: string }, password?: string, options?: { remember?: boolean }) =>
      call<SessionResult>(
        "POST",
        "/login",
        toForm(
          typeof emailOrToken === "string"
            ? { email: emailOrToken, password, remember: options?.remember || undefined }
            : { accessToken: emailOrToken.accessToken },
        ),
        { auth: false },
      ),
    validate: "POST /validate",
    logout: "POST /logout",
  });
