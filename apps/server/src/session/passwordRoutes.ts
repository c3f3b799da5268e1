import { and, eq, gt, isNull } from "drizzle-orm";
import {
  ChangePasswordRequestSchema,
  CheckForgotTokenRequestSchema,
  CheckPasswordRequestSchema,
  ForgotPasswordRequestSchema,
  isDisabledRole,
} from "@cuepoint/sdk";
import { checkAccess, type Caller } from "../http/authenticate.js";
import { hashPassword, verifyPassword } from "../auth/password.js";
import { endSessions } from "../auth/sessions.js";
import { hashToken, newToken } from "../auth/tokens.js";
import { passwordResetTokens, users, type UserRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import type { AppDeps } from "../deps.js";
import { badRequest, HttpError, unauthorized, unprocessable } from "../http/errors.js";
import { defineRoute } from "../http/route.js";
import { callerUser } from "../users/answerUser.js";
import { findUserByEmail } from "../users/users.js";
import { ack, AckAnswer } from "../http/answers.js";
import { loginLimitPrefix } from "./loginLimit.js";

/** Reset links work for one hour, once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const LINK_INVALID = "This password reset link is invalid, used or expired. Ask for a new one.";

/** Stores a new password hash (hashed before any transaction opens: hashing takes ~90 ms). */
async function setPasswordHash(orm: Orm, userId: string, passwordHash: string): Promise<void> {
  await orm
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
}

const forgotPassword = defineRoute({
  method: "POST",
  path: "/forgotpassword",
  operationId: "account.forgotPassword",
  tag: "Password",
  summary: "Email a one-time password reset link (design: not in the spec)",
  description:
    "Always answers the same success, whether or not a user has the email, so the call cannot be used " +
    "to find out who has an account. When one does, a link to `#/forgotPassword?token=…` is mailed; the " +
    "token works once, within one hour (`checkforgottoken`, then `changepassword` with `token`). " +
    "Limited to 5 requests per email address per hour (429).",
  access: "public",
  body: ForgotPasswordRequestSchema,
  answer: { description: "Confirmation, identical for known and unknown emails.", schema: AckAnswer },
  async handle({ body, deps }) {
    const key = body.email.toLowerCase();
    if ((await deps.resetLimiter.hit(key)) > 0) {
      throw new HttpError(429, "Too many reset requests for this email. Check your inbox, or try again in an hour.");
    }
    const user = await findUserByEmail(deps.db.orm, body.email);
    if (user && !isDisabledRole(user.role)) {
      const token = newToken();
      const now = deps.config.now();
      await deps.db.orm.insert(passwordResetTokens).values({
        tokenHash: hashToken(token),
        userId: user.id,
        accountId: user.accountId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      });
      const link = `${deps.config.publicURL}/#/forgotPassword?token=${token}`;
      const text = [
        `Someone asked to reset the Cuepoint password of ${user.email}.`,
        `Choose a new password here (the link works once, for one hour):\n${link}`,
        "If it was not you, ignore this mail: your password stays as it is.",
      ].join("\n\n");
      // Not awaited: waiting for the mail service would make known emails answer slower.
      deps.mailer
        .send({ to: user.email, subject: "Reset your Cuepoint password", text })
        .catch((error: unknown) => console.error("The password reset mail was not sent:", error));
    }
    return ack(
      "If an account uses this email, we sent it a link to choose a new password. The link works once, for one hour.",
    );
  },
});

const checkForgotToken = defineRoute({
  method: "POST",
  path: "/checkforgottoken",
  operationId: "account.checkForgotToken",
  tag: "Password",
  summary: "Check that a password reset token can still be used",
  description: "422 (field `token`) when the token is unknown, already used or older than one hour.",
  access: "public",
  body: CheckForgotTokenRequestSchema,
  answer: { description: "`success: true` when the token is usable.", schema: AckAnswer },
  async handle({ body, deps }) {
    const now = deps.config.now();
    const [row] = await deps.db.orm
      .select({ id: passwordResetTokens.id })
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(body.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      );
    if (!row) throw unprocessable(LINK_INVALID, "token");
    return ack();
  },
});

/**
 * The caller's user when `password` is their current password; 422 on `field` when it is not. Wrong
 * guesses wait like logins do (per user: the session is the owner's), so a stolen session cannot
 * guess its way to the password.
 */
async function checkCurrentPassword(deps: AppDeps, caller: Caller, password: string, field: string): Promise<UserRow> {
  const key = `checkpassword:${caller.userId}`;
  const wait = await deps.loginLimiter.hit(key);
  if (wait > 0) {
    throw new HttpError(429, `Too many wrong passwords. Try again in ${Math.ceil(wait / 60_000)} minutes.`);
  }
  const user = await callerUser(deps, caller);
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw unprocessable("The current password is not correct.", field);
  }
  await deps.loginLimiter.reset(key);
  return user;
}

const changePassword = defineRoute({
  method: "POST",
  path: "/changepassword",
  operationId: "account.changePassword",
  tag: "Password",
  summary: "Set a new password, with a reset token or as the logged-in user",
  description:
    "With `token` (from the reset mail): uses the token up, sets the password and ends every session of " +
    "the user, and lifts the login waits on the account. Without it: needs a session token (not a personal " +
    "access token) and `currentPassword` (400 when missing, 422 when wrong, wrong guesses wait like logins), " +
    "and ends the user's other sessions. The password must pass the SDK's password rule (400, field `password`).",
  access: "optional",
  body: ChangePasswordRequestSchema,
  answer: { description: "Confirmation.", schema: AckAnswer },
  async handle({ body, caller, deps }) {
    if (body.token) {
      await resetWithToken(deps, body.token, await hashPassword(body.password));
      return ack("Your password is changed. Log in with the new password.");
    }
    if (!caller) throw unauthorized("Log in to change your password, or use the link from the reset email.");
    checkAccess(caller, "session");
    if (!body.currentPassword) throw badRequest("Enter your current password.", "currentPassword");
    const user = await checkCurrentPassword(deps, caller, body.currentPassword, "currentPassword");
    const passwordHash = await hashPassword(body.password);
    await deps.db.orm.transaction(async (tx) => {
      await setPasswordHash(tx, user.id, passwordHash);
      await endSessions(tx, user.id, caller.credentialId);
    });
    return ack("Your password is changed.");
  },
});

/**
 * The reset-link half of `changepassword`, in one transaction: use the token up, set the
 * password, end every session, and void any other link mailed earlier. 422 when the token is
 * unknown, used or expired.
 */
async function resetWithToken(deps: AppDeps, token: string, passwordHash: string): Promise<void> {
  const now = deps.config.now();
  const changed = await deps.db.orm.transaction(async (tx) => {
    // Marking the token used and reading its user in one statement makes it one-time even when
    // two requests race with the same link.
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) return undefined;
    await setPasswordHash(tx, used.userId, passwordHash);
    await endSessions(tx, used.userId);
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    return used.userId;
  });
  if (!changed) throw unprocessable(LINK_INVALID, "token");
  // Whoever proved they own the mailbox is the owner: every wait on the account ends.
  const [user] = await deps.db.orm.select({ email: users.email }).from(users).where(eq(users.id, changed));
  if (user) await deps.loginLimiter.resetPrefix(loginLimitPrefix(user.email));
  await deps.loginLimiter.reset(`checkpassword:${changed}`);
}

const checkPassword = defineRoute({
  method: "POST",
  path: "/checkpassword",
  operationId: "account.checkPassword",
  tag: "Password",
  summary: "Check the current password, and optionally set a new one",
  description:
    "422 (field `password`) when the current password is wrong; wrong guesses are limited like logins. " +
    "With `newpass` (checked by the SDK's password rule) the password changes and the user's other " +
    "sessions end.",
  access: "session",
  body: CheckPasswordRequestSchema,
  answer: { description: "Confirmation.", schema: AckAnswer },
  async handle({ body, caller, deps }) {
    const user = await checkCurrentPassword(deps, caller, body.password, "password");
    if (body.newpass === undefined) return ack("The password is correct.");
    const passwordHash = await hashPassword(body.newpass);
    await deps.db.orm.transaction(async (tx) => {
      await setPasswordHash(tx, user.id, passwordHash);
      await endSessions(tx, user.id, caller.credentialId);
    });
    return ack("Your password is changed.");
  },
});

export const passwordRoutes = [forgotPassword, checkForgotToken, changePassword, checkPassword];
