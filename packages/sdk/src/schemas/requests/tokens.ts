import * as v from "valibot";
import { requiredText } from "./fields.js";

/**
 * `POST /oauth/personal-access-tokens`: a name to recognise the token by, its scopes, and when it
 * stops working: `expires_at` (an ISO instant, at most `MAX_TOKEN_EXPIRY_DAYS` ahead), `null`
 * for never (the dashboard warns), or left out for `DEFAULT_TOKEN_EXPIRY_DAYS` (30) days.
 */
export const CreateTokenRequestSchema = v.object({
  name: v.pipe(requiredText("Give the token a name."), v.maxLength(191)),
  scopes: v.array(v.string()),
  expires_at: v.optional(v.nullable(v.pipe(v.string(), v.isoTimestamp("Give the expiry as an ISO date and time.")))),
});
export type CreateTokenRequest = v.InferInput<typeof CreateTokenRequestSchema>;
