import { and, desc, eq, gt, isNull, lt } from "drizzle-orm";
import type { IntegrationKind } from "@cuepoint/sdk";
import type { Caller } from "../../http/authenticate.js";
import { hashToken, newToken } from "../../auth/tokens.js";
import { oauthStates, type OAuthStateRow } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";
import { badRequest } from "../../http/errors.js";

/** How long a person has between leaving for the provider and coming back. */
export const STATE_LIFETIME_MS = 10 * 60_000;

const EXPIRED =
  "This sign-in was not started from this session, was already used or has expired: start connecting again.";

/** Starts a connection attempt: a random `state` (only its hash is kept) bound to the caller's token. */
export async function createState(
  orm: Orm,
  caller: Caller,
  fields: { kind: IntegrationKind; redirectUri: string; integrationId?: string; name?: string },
  now: Date,
): Promise<string> {
  // Housekeeping: this token's finished or stale attempts are of no further use.
  await orm
    .delete(oauthStates)
    .where(and(eq(oauthStates.credentialId, caller.credentialId), lt(oauthStates.expiresAt, now)))
    .returning({ id: oauthStates.id });
  const state = newToken();
  await orm.insert(oauthStates).values({
    stateHash: hashToken(state),
    accountId: caller.accountId,
    userId: caller.userId,
    credentialId: caller.credentialId,
    kind: fields.kind,
    integrationId: fields.integrationId ?? null,
    name: fields.name ?? null,
    redirectUri: fields.redirectUri,
    createdAt: now,
    expiresAt: new Date(now.getTime() + STATE_LIFETIME_MS),
  });
  return state;
}

/**
 * Uses up the attempt a callback belongs to, once. With `state` (returned by most providers),
 * that attempt; without it (the §2 callbacks that pass only `code` or `AccountSid`), the
 * caller's latest open attempt for the kind. Either way it must have been started by the same
 * session or token, within its lifetime; otherwise 400 on `state`.
 */
export async function consumeState(
  orm: Orm,
  caller: Caller,
  kind: IntegrationKind,
  state: string | undefined,
  now: Date,
): Promise<OAuthStateRow> {
  const open = and(
    eq(oauthStates.credentialId, caller.credentialId),
    eq(oauthStates.accountId, caller.accountId),
    eq(oauthStates.kind, kind),
    isNull(oauthStates.usedAt),
    gt(oauthStates.expiresAt, now),
  );
  const [candidate] = await orm
    .select({ id: oauthStates.id })
    .from(oauthStates)
    .where(state ? and(open, eq(oauthStates.stateHash, hashToken(state))) : open)
    .orderBy(desc(oauthStates.createdAt))
    .limit(1);
  // The update re-checks `used_at is null`, so two callbacks racing cannot both use one attempt.
  const [used] = candidate
    ? await orm
        .update(oauthStates)
        .set({ usedAt: now })
        .where(and(eq(oauthStates.id, candidate.id), isNull(oauthStates.usedAt)))
        .returning()
    : [];
  if (!used) throw badRequest(EXPIRED, "state");
  return used;
}
