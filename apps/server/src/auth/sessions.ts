import { and, eq, ne } from "drizzle-orm";
import { REMEMBER_ME_COOKIE_DAYS, TOKEN_COOKIE_DAYS } from "@cuepoint/sdk";
import { sessions, type UserRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { hashToken, newToken, SESSION_TOKEN_PREFIX } from "./tokens.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Starts a session and returns its bearer token (the only time it exists in plain text). It
 * lives as long as the dashboard keeps its token cookie: 1 day, or 30 with remember-me (spec §9).
 */
export async function createSession(orm: Orm, user: UserRow, remember: boolean, now: Date): Promise<string> {
  const token = newToken(SESSION_TOKEN_PREFIX);
  const days = remember ? REMEMBER_ME_COOKIE_DAYS : TOKEN_COOKIE_DAYS;
  await orm.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    accountId: user.accountId,
    remember,
    createdAt: now,
    expiresAt: new Date(now.getTime() + days * DAY_MS),
  });
  return token;
}

/**
 * Ends the user's sessions, except `keepSessionId` (the one changing the password stays logged
 * in; everyone else who knew the old password is logged out).
 */
export async function endSessions(orm: Orm, userId: string, keepSessionId?: string): Promise<void> {
  const scope = keepSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
    : eq(sessions.userId, userId);
  await orm.delete(sessions).where(scope).returning({ id: sessions.id });
}
