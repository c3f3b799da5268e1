import { and, desc, eq } from "drizzle-orm";
import * as v from "valibot";
import {
  PurchaseSchema,
  SetLevelRequestSchema,
  UpdateThemeRequestSchema,
  UpdateUserRequestSchema,
} from "@cuepoint/sdk";
import { isUniqueViolation } from "../db/errors.js";
import { purchases, users, type UserRow } from "../db/schema/index.js";
import type { AppDeps } from "../deps.js";
import { conflict } from "../http/errors.js";
import { defineRoute } from "../http/route.js";
import type { Caller } from "../http/authenticate.js";
import { answerUser, callerUser, currentTerms, supportSecretOf } from "./answerUser.js";
import { intercomHash } from "./wireUser.js";
import { UserAnswer } from "../http/answers.js";

/** Changes the caller's own row (scoped by account) and answers the updated user. */
async function updateCaller(deps: AppDeps, caller: Caller, changes: Partial<UserRow>) {
  try {
    const [row] = await deps.db.orm
      .update(users)
      .set({ ...changes, updatedAt: deps.config.now() })
      .where(and(eq(users.id, caller.userId), eq(users.accountId, caller.accountId)))
      .returning();
    return answerUser(deps, row ?? (await callerUser(deps, caller)));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("Another user already has this email address.", "email");
    throw error;
  }
}

const updateUser = defineRoute({
  method: "POST",
  path: "/updateuser",
  operationId: "account.updateUser",
  tag: "Account",
  summary: "Change profile fields",
  description: "Only the fields sent change. A new email must not belong to another user (409, field `email`).",
  access: "account:write",
  body: UpdateUserRequestSchema,
  answer: { description: "The updated user.", schema: UserAnswer },
  handle: ({ body, caller, deps }) =>
    updateCaller(deps, caller, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.email !== undefined && { email: body.email }),
      ...(body.domain !== undefined && { domain: body.domain }),
      ...(body.profile?.userSkillLevel !== undefined && { skillLevel: body.profile.userSkillLevel }),
      ...(body.profile?.theme !== undefined && { theme: body.profile.theme }),
    }),
});

const setLevel = defineRoute({
  method: "POST",
  path: "/level",
  operationId: "account.setLevel",
  tag: "Account",
  summary: "Set the experience level (profile.userSkillLevel)",
  access: "account:write",
  body: SetLevelRequestSchema,
  answer: { description: "The updated user.", schema: UserAnswer },
  handle: ({ body, caller, deps }) => updateCaller(deps, caller, { skillLevel: body.level }),
});

const updateTheme = defineRoute({
  method: "POST",
  path: "/updateTheme",
  operationId: "account.updateTheme",
  tag: "Account",
  summary: "Store the colour-mode preference (profile.theme)",
  access: "account:write",
  body: UpdateThemeRequestSchema,
  answer: { description: "The updated user.", schema: UserAnswer },
  handle: ({ body, caller, deps }) => updateCaller(deps, caller, { theme: body.theme }),
});

const termsOfService = defineRoute({
  method: "GET",
  path: "/terms_of_service",
  operationId: "account.termsOfService",
  tag: "Account",
  summary: "The current terms of service",
  description: "From the `settings` table (key `terms`: `{ version, content }`), else the server's built-in terms.",
  access: "user",
  answer: {
    description: "The terms and their version.",
    schema: v.object({ success: v.object({ version: v.string(), content: v.string() }) }),
  },
  handle: async ({ deps }) => ({ success: await currentTerms(deps) }),
});

const consentTerms = defineRoute({
  method: "POST",
  path: "/consent_terms",
  operationId: "account.consentTerms",
  tag: "Account",
  summary: "Agree to the current terms",
  description: "Records the version agreed to; `agreed_current_terms` turns false again when new terms are published.",
  access: "account:write",
  answer: { description: "The updated user (`agreed_current_terms: true`).", schema: UserAnswer },
  handle: async ({ caller, deps }) =>
    updateCaller(deps, caller, { agreedTermsVersion: (await currentTerms(deps)).version }),
});

const refreshSupport = defineRoute({
  method: "POST",
  path: "/user/support/refresh",
  operationId: "account.refreshSupport",
  tag: "Account",
  summary: "A fresh support-chat identity hash",
  description:
    "`intercom_hash` is HMAC-SHA256 of `user_uid` with the server's support secret (`CUEPOINT_SUPPORT_SECRET`, " +
    "or one generated and stored on first use). Changing the secret changes every hash; this call hands out " +
    "the current one.",
  access: "user",
  answer: {
    description: "The hash, under `success.intercom_hash`.",
    schema: v.object({ success: v.object({ intercom_hash: v.string(), user_uid: v.string() }) }),
  },
  async handle({ caller, deps }) {
    const secret = await supportSecretOf(deps);
    return { success: { intercom_hash: intercomHash(secret, caller.userId), user_uid: caller.userId } };
  },
});

const listPurchases = defineRoute({
  method: "GET",
  path: "/purchases",
  operationId: "account.purchases",
  tag: "Account",
  summary: "Add-ons bought (action packs)",
  description: "Newest first. Their quantities raise the account's action limit (see `user/resource_status`).",
  access: "account:read",
  answer: {
    description: "The purchases.",
    schema: v.object({
      success: v.array(
        v.object({ ...PurchaseSchema.entries, id: v.string(), created_at: v.string(), description: v.string() }),
      ),
    }),
  },
  async handle({ caller, deps }) {
    const rows = await deps.db.orm
      .select()
      .from(purchases)
      .where(eq(purchases.accountId, caller.accountId))
      .orderBy(desc(purchases.createdAt));
    return {
      success: rows.map((row) => ({
        id: row.id,
        type: row.type,
        quantity: row.quantity,
        description: row.description,
        created_at: row.createdAt.toISOString(),
      })),
    };
  },
});

export const accountRoutes = [
  updateUser,
  setLevel,
  updateTheme,
  termsOfService,
  consentTerms,
  refreshSupport,
  listPurchases,
];
