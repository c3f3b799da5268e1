import { eq } from "drizzle-orm";
import { isDisabledRole, LoginRequestSchema } from "@cuepoint/sdk";
import { authenticate } from "../http/authenticate.js";
import { clearSessionCookies, setSessionCookies } from "../http/cookies.js";
import { decoyHash, hashPassword, needsRehash, verifyPassword } from "../auth/password.js";
import { createSession } from "../auth/sessions.js";
import { sessions, users } from "../db/schema/index.js";
import { HttpError, unauthorized } from "../http/errors.js";
import { defineRoute } from "../http/route.js";
import { clientIp } from "../http/clientIp.js";
import { answerUser, callerUser } from "../users/answerUser.js";
import { findUserByEmail } from "../users/users.js";
import { ack, AckAnswer, UserAnswer } from "../http/answers.js";
import { loginLimitPrefix } from "./loginLimit.js";

const WRONG_CREDENTIALS = "The email or password is not correct.";

const loginLimitKey = (email: string, ip: string): string => `${loginLimitPrefix(email)}${ip}`;

const login = defineRoute({
  method: "POST",
  path: "/login",
  operationId: "session.login",
  tag: "Session",
  summary: "Log in with email and password, or with an access token",
  description:
    "Email and password start a session whose token (`success.api_token`) lasts 1 day, or 30 days with " +
    "`remember=true`. With `accessToken` (a personal access token or a session token) nothing new is " +
    "minted: the answer is that token's user with `api_token` set to the same token, so a scoped token " +
    "never turns into a full session. Logins are limited per email address and client address: 5 tries, " +
    "then waits that double from 1 minute up to 15 (429 with Retry-After); a completed password reset " +
    "lifts them. An unknown email, a wrong password and a disabled account get the same answer. A password login also sets the session " +
    "cookie `cuepoint_session` (HttpOnly, SameSite=Lax, Secure on https, as long as the session) and the " +
    "`XSRF-TOKEN` cookie the SDK echoes in `X-XSRF-TOKEN`: a call with the cookie and no Authorization " +
    "header must send that header on every method but GET/HEAD/OPTIONS (403 otherwise). With " +
    "`cookieOnly=true` (the dashboard) the answer leaves `api_token` out, so no script ever holds the " +
    "credential; an `accessToken` login sets the cookies (with that same token, for 1 day) only then.",
  access: "public",
  body: LoginRequestSchema,
  encoding: "multipart",
  answer: { description: "The user, with the bearer token in `success.api_token`.", schema: UserAnswer },
  async handle({ body, deps, c }) {
    const { orm } = deps.db;
    const now = deps.config.now();
    if ("accessToken" in body) {
      const caller = await authenticate(orm, `Bearer ${body.accessToken}`, now);
      if (!body.cookieOnly) return answerUser(deps, await callerUser(deps, caller), body.accessToken);
      // The same token, now carried by the HttpOnly cookie: nothing new is minted.
      setSessionCookies(c, body.accessToken, false, deps.config);
      return answerUser(deps, await callerUser(deps, caller));
    }
    const key = loginLimitKey(body.email, clientIp(c));
    // Every attempt is counted before the password is checked (atomically, in the table every
    // instance shares), so parallel guesses cannot slip past the wait; a success forgets them.
    // Counted per email *and* client address: a guesser elsewhere waits, the owner does not.
    const wait = await deps.loginLimiter.hit(key);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      const delay = seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
      c.header("Retry-After", String(seconds));
      throw new HttpError(
        429,
        `Too many failed logins for this email from your network. Try again in ${delay}, or reset your password.`,
      );
    }
    const user = await findUserByEmail(orm, body.email);
    // Unknown emails are checked against a decoy hash so both failures take the same time.
    const matches = await verifyPassword(body.password, user?.passwordHash ?? (await decoyHash()));
    // A disabled account answers exactly as a wrong password does, so its login confirms nothing.
    if (!user || !matches || isDisabledRole(user.role)) throw unauthorized(WRONG_CREDENTIALS);
    await deps.loginLimiter.reset(key);
    if (needsRehash(user.passwordHash)) {
      const passwordHash = await hashPassword(body.password);
      await orm.update(users).set({ passwordHash }).where(eq(users.id, user.id)).returning({ id: users.id });
    }
    const remember = body.remember ?? false;
    const token = await createSession(orm, user, remember, now);
    setSessionCookies(c, token, remember, deps.config);
    return answerUser(deps, user, body.cookieOnly ? undefined : token);
  },
});

const validate = defineRoute({
  method: "POST",
  path: "/validate",
  operationId: "session.validate",
  tag: "Session",
  summary: "Check the bearer token and answer its user",
  description: "401 when the token is missing, expired or revoked; the dashboard then logs the person out.",
  access: "user",
  answer: { description: "The token's user (without `api_token`).", schema: UserAnswer },
  async handle({ caller, deps }) {
    return answerUser(deps, await callerUser(deps, caller));
  },
});

const logout = defineRoute({
  method: "POST",
  path: "/logout",
  operationId: "session.logout",
  tag: "Session",
  summary: "End the current session (design: not in the spec)",
  description:
    "Deletes the caller's session (bearer token or session cookie), so its token stops working at once, and " +
    "expires the session and XSRF cookies. Called with a personal access token (an invoker's cookie), it " +
    "only expires the cookies: the token itself is revoked from the token list.",
  access: "user",
  answer: { description: "Confirmation.", schema: AckAnswer },
  async handle({ caller, deps, c }) {
    if (caller.via === "session") {
      await deps.db.orm.delete(sessions).where(eq(sessions.id, caller.credentialId)).returning({ id: sessions.id });
    }
    clearSessionCookies(c, deps.config);
    return ack("You are logged out.");
  },
});

export const sessionRoutes = [login, validate, logout];
