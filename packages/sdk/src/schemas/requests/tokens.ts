import * as v from "valibot";
import { requiredText } from "./fields.js";

/** `POST /oauth/personal-access-tokens`: a name to recognise the token by, and its scopes. */
export const CreateTokenRequestSchema = v.object({
  name: v.pipe(requiredText("Give the token a name."), v.maxLength(191)),
  scopes: v.array(v.string()),
});
export type CreateTokenRequest = v.InferInput<typeof CreateTokenRequestSchema>;
