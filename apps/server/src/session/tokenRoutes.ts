import { and, desc, eq } from "drizzle-orm";
import * as v from "valibot";
import {
  CreateTokenRequestSchema,
  DEFAULT_TOKEN_EXPIRY_DAYS,
  MAX_TOKEN_EXPIRY_DAYS,
  PersonalAccessTokenSchema,
  type PersonalAccessToken,
} from "@cuepoint/sdk";
import { isScope, SCOPES } from "../auth/scopes.js";
import { hashToken, newToken, PERSONAL_TOKEN_PREFIX } from "../auth/tokens.js";
import { personalAccessTokens, type PersonalAccessTokenRow } from "../db/schema/index.js";
import { badRequest, notFound } from "../http/errors.js";
import { defineRoute } from "../http/route.js";
import { isUuid } from "../http/ids.js";
import { ack, AckAnswer } from "../http/answers.js";

const toWire = (row: PersonalAccessTokenRow): PersonalAccessToken => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  expires_at: row.expiresAt?.toISOString() ?? null,
});

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a new token stops working: the `expires_at` asked for (after now, at most
 * MAX_TOKEN_EXPIRY_DAYS ahead; 400 on `expires_at` otherwise), null for never, or
 * DEFAULT_TOKEN_EXPIRY_DAYS from now when none is sent.
 */
function expiryOf(requested: string | null | undefined, now: Date): Date | null {
  if (requested === null) return null;
  if (requested === undefined) return new Date(now.getTime() + DEFAULT_TOKEN_EXPIRY_DAYS * DAY_MS);
  const at = new Date(requested);
  if (at.getTime() <= now.getTime()) throw badRequest("Choose an expiry in the future.", "expires_at");
  if (at.getTime() > now.getTime() + MAX_TOKEN_EXPIRY_DAYS * DAY_MS) {
    throw badRequest(`Choose an expiry at most ${MAX_TOKEN_EXPIRY_DAYS} days ahead, or none.`, "expires_at");
  }
  return at;
}

const SESSION_ONLY = "Needs a session token: personal access tokens cannot list, create or revoke tokens.";

const listTokens = defineRoute({
  method: "GET",
  path: "/oauth/personal-access-tokens",
  operationId: "tokens.list",
  tag: "Tokens",
  summary: "The account's personal access tokens (never their secrets)",
  description: `Newest first. ${SESSION_ONLY}`,
  access: "session",
  answer: { description: "The tokens, as a bare array.", schema: v.array(PersonalAccessTokenSchema) },
  async handle({ caller, deps }) {
    const rows = await deps.db.orm
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.accountId, caller.accountId))
      .orderBy(desc(personalAccessTokens.createdAt));
    return rows.map(toWire);
  },
});

const createToken = defineRoute({
  method: "POST",
  path: "/oauth/personal-access-tokens",
  operationId: "tokens.create",
  tag: "Tokens",
  summary: "Create a personal access token; its secret is in this answer only",
  description:
    "`scopes` must be ids from `GET /oauth/scopes` (at least one; 400 naming the bad one). Only the SHA-256 " +
    `of the token is stored, so \`accessToken\` cannot be shown again. Tokens start with \`${PERSONAL_TOKEN_PREFIX}\`. ` +
    `\`expires_at\`: when the token stops working (after now, at most ${MAX_TOKEN_EXPIRY_DAYS} days ahead; 400 otherwise), ` +
    `\`null\` for never, left out for ${DEFAULT_TOKEN_EXPIRY_DAYS} days. ${SESSION_ONLY}`,
  access: "session",
  body: CreateTokenRequestSchema,
  answer: {
    description: "The plain token (`accessToken`, shown once) and the token as listed.",
    schema: v.object({ accessToken: v.string(), token: PersonalAccessTokenSchema }),
  },
  async handle({ body, caller, deps }) {
    if (body.scopes.length === 0) throw badRequest("Choose at least one scope for the token.", "scopes");
    const unknown = body.scopes.findIndex((scope) => !isScope(scope));
    if (unknown >= 0) {
      throw badRequest(
        `"${body.scopes[unknown]}" is not a scope. Choose from: ${SCOPES.map((s) => s.id).join(", ")}.`,
        `scopes.${unknown}`,
      );
    }
    const now = deps.config.now();
    const expiresAt = expiryOf(body.expires_at, now);
    const accessToken = newToken(PERSONAL_TOKEN_PREFIX);
    const [row] = await deps.db.orm
      .insert(personalAccessTokens)
      .values({
        accountId: caller.accountId,
        userId: caller.userId,
        name: body.name,
        tokenHash: hashToken(accessToken),
        scopes: [...new Set(body.scopes)],
        createdAt: now,
        expiresAt,
      })
      .returning();
    if (!row) throw new Error("The token was not stored.");
    return { accessToken, token: toWire(row) };
  },
});

const deleteToken = defineRoute({
  method: "DELETE",
  path: "/oauth/personal-access-tokens/:id",
  operationId: "tokens.delete",
  tag: "Tokens",
  summary: "Revoke a personal access token",
  description: `It stops working at once. 404 for an id that is not one of the account's tokens. ${SESSION_ONLY}`,
  access: "session",
  answer: { description: "Confirmation.", schema: AckAnswer },
  async handle({ params, caller, deps }) {
    const id = params.id ?? "";
    const [deleted] = isUuid(id)
      ? await deps.db.orm
          .delete(personalAccessTokens)
          .where(and(eq(personalAccessTokens.id, id), eq(personalAccessTokens.accountId, caller.accountId)))
          .returning({ id: personalAccessTokens.id })
      : [];
    if (!deleted) throw notFound("There is no access token with this id.");
    return ack("The token is revoked.");
  },
});

const listScopes = defineRoute({
  method: "GET",
  path: "/oauth/scopes",
  operationId: "tokens.scopes",
  tag: "Tokens",
  summary: "The scopes a personal access token may carry",
  description:
    "One read and one write scope per resource; write does not imply read. Session tokens hold every " +
    "scope. Passwords and tokens themselves are managed with a session token only.",
  access: "public",
  answer: { description: "The scopes.", schema: v.array(v.object({ id: v.string(), description: v.string() })) },
  handle: async () => SCOPES.map(({ id, description }) => ({ id, description })),
});

export const tokenRoutes = [listTokens, createToken, deleteToken, listScopes];
