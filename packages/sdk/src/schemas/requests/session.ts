import * as v from "valibot";
import { FormBooleanSchema, requiredText } from "./fields.js";

/**
 * `POST /login` (multipart): email and password, or an access token (a personal access token or
 * an invoker's one-time token). `remember` asks for the 30-day token instead of the 1-day one.
 *
 * @example
 * v.parse(LoginRequestSchema, { email: "host@example.com", password: "Webinar#2024" })
 */
export const LoginRequestSchema = v.union([
  v.object({
    email: requiredText("Enter your email address."),
    password: v.pipe(v.string(), v.nonEmpty("Enter your password.")),
    remember: v.optional(FormBooleanSchema),
    cookieOnly: v.optional(FormBooleanSchema),
  }),
  v.object({ accessToken: requiredText("The access token is missing."), cookieOnly: v.optional(FormBooleanSchema) }),
]);
export type LoginRequest = v.InferInput<typeof LoginRequestSchema>;
