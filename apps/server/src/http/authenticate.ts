import { and, eq } from "drizzle-orm";
import { isDisabledRole, type RoleCode } from "@cuepoint/sdk";
import { personalAccessTokens, sessions, users } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { forbidden, unauthorized } from "./errors.js";
import { isScope, type Scope } from "../auth/scopes.js";
import { bearerToken, hashToken, PERSONAL_TOKEN_PREFIX } from "../auth/tokens.js";

/** Who is calling: a user of an account, through a session or a personal access token. */
export interface Caller {
  userId: string;
  accountId: string;
  role: RoleCode;
  via: "session" | "token";
  /** The id of the session or token row. */
  credentialId: string;
  /** Every scope for sessions; the token's own scopes otherwise. */
  scopes: "all" | ReadonlySet<Scope>;
}

/** `last_used_at` is written at most this often, so reads do not turn into a write each. */
const LAST_USED_RESOLUTION_MS = 60_000;

const SESSION_ENDED = "Your session has ended. Log in again.";
const TOKEN_INVALID = "This access token is not valid: it may have expired or been revoked.";

/**
 * Resolves `Authorization: Bearer <token>` to a caller, or throws 401. Sessions past
 * `expires_at` are deleted when met. A disabled account (role -1) gets 403 whatever its token.
 */
export async function authenticate(orm: Orm, header: string | undefined, now: Date): Promise<Caller> {
  const token = bearerToken(header);
  if (!token) throw unauthorized("Log in to continue: this call needs an Authorization: Bearer token or the session cookie.");
  const caller = token.startsWith(PERSONAL_TOKEN_PREFIX)
    ? await fromPersonalToken(orm, hashToken(token), now)
    : await fromSession(orm, hashToken(token), now);
  if (isDisabledRole(caller.role)) throw forbidden("This account is disabled. Please reach out to support.");
  return caller;
}

async function fromSession(orm: Orm, tokenHash: string, now: Date): Promise<Caller> {
  const [row] = await orm
    .select({ session: sessions, role: users.role })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.accountId, sessions.accountId)))
    .where(eq(sessions.tokenHash, tokenHash));
  if (!row) throw unauthorized(SESSION_ENDED);
  if (row.session.expiresAt <= now) {
    await orm.delete(sessions).where(eq(sessions.id, row.session.id)).returning({ id: sessions.id });
    throw unauthorized(SESSION_ENDED);
  }
  const { session, role } = row;
  return {
    userId: session.userId,
    accountId: session.accountId,
    role,
    via: "session",
    credentialId: session.id,
    scopes: "all",
  };
}

async function fromPersonalToken(orm: Orm, tokenHash: string, now: Date): Promise<Caller> {
  const [row] = await orm
    .select({ token: personalAccessTokens, role: users.role })
    .from(personalAccessTokens)
    .innerJoin(
      users,
      and(eq(users.id, personalAccessTokens.userId), eq(users.accountId, personalAccessTokens.accountId)),
    )
    .where(eq(personalAccessTokens.tokenHash, tokenHash));
  if (!row || (row.token.expiresAt && row.token.expiresAt <= now)) throw unauthorized(TOKEN_INVALID);
  const { token, role } = row;
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await orm
      .update(personalAccessTokens)
      .set({ lastUsedAt: now })
      .where(eq(personalAccessTokens.id, token.id))
      .returning({ id: personalAccessTokens.id });
  }
  return {
    userId: token.userId,
    accountId: token.accountId,
    role,
    via: "token",
    credentialId: token.id,
    scopes: new Set(token.scopes.filter(isScope)),
  };
}

/** Throws 403 unless the caller may use a route that needs `access` (a scope, or "session"). */
export function checkAccess(caller: Caller, access: Scope | "session" | "user"): void {
  if (access === "user") return;
  if (access === "session") {
    if (caller.via !== "session") {
      throw forbidden("Personal access tokens cannot manage passwords or tokens. Log in to the dashboard to do this.");
    }
    return;
  }
  if (caller.scopes !== "all" && !caller.scopes.has(access)) {
    throw forbidden(`This access token lacks the "${access}" scope. Create a token with that scope to make this call.`);
  }
}
