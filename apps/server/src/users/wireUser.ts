import { createHmac } from "node:crypto";
import type { User } from "@cuepoint/sdk";
import type { UserRow } from "../db/schema/index.js";

/**
 * The support chat's identity-verification hash (Intercom's scheme): HMAC-SHA256 of the user id
 * with a secret only the server knows, so the chat cannot be opened as someone else.
 */
export const intercomHash = (secret: string, userUid: string): string =>
  createHmac("sha256", secret).update(userUid).digest("hex");

export interface WireContext {
  /** The current terms version: `agreed_current_terms` is true only for that version. */
  termsVersion: string;
  supportSecret: string;
}

/**
 * A user row as login, validate and the profile calls answer it: the SDK's `User` (spec §3).
 * Never carries the password hash; carries `api_token` only when a call hands one out.
 */
export function toWireUser(row: UserRow, context: WireContext, apiToken?: string): User {
  const user: User = {
    role: row.role,
    email: row.email,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    domain: row.domain,
    intercom_hash: intercomHash(context.supportSecret, row.id),
    beta: row.beta,
    features: { registrantUpload: false, ...row.features },
    profile: { userSkillLevel: row.skillLevel, theme: row.theme },
    agreed_current_terms: row.agreedTermsVersion === context.termsVersion,
    user_uid: row.id,
  };
  if (apiToken !== undefined) user.api_token = apiToken;
  return user;
}
