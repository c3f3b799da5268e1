import * as v from "valibot";
import { COLOR_MODE_PREFERENCES, EXPERIENCE_LEVELS } from "../../constants.js";
import { EmailSchema } from "../../rules/email/index.js";
import { PasswordSchema } from "../../rules/password/index.js";
import { text, TEXT_LIMITS } from "../text.js";
import { FormNumberSchema, IdSchema, requiredText } from "./fields.js";

/** `GET /user/resource_history` query: one page of usage, optionally one kind and a date range. */
export const ResourceHistoryQuerySchema = v.object({
  page: v.optional(FormNumberSchema),
  /** Which resource: `actions`, `webinar_hours`, `recurring_timelines`, `additional_actions`. */
  type: v.optional(v.string()),
  /** ISO dates (YYYY-MM-DD), inclusive. */
  from: v.optional(v.string()),
  to: v.optional(v.string()),
});
export type ResourceHistoryQuery = v.InferInput<typeof ResourceHistoryQuerySchema>;

/**
 * `POST /forgotpassword` (design: the spec only shows `checkforgottoken`): asks for a one-time
 * reset link by email. The answer never says whether the address has an account.
 */
export const ForgotPasswordRequestSchema = v.object({ email: v.pipe(v.string(), v.trim(), EmailSchema) });
export type ForgotPasswordRequest = v.InferInput<typeof ForgotPasswordRequestSchema>;

/** `POST /updateuser`: the profile fields a user may change; all optional. */
export const UpdateUserRequestSchema = v.object({
  name: v.optional(requiredText("Enter your name.")),
  email: v.optional(EmailSchema),
  domain: v.optional(text(TEXT_LIMITS.domain)),
  profile: v.optional(
    v.object({
      userSkillLevel: v.optional(v.picklist(EXPERIENCE_LEVELS)),
      theme: v.optional(v.picklist(COLOR_MODE_PREFERENCES)),
    }),
  ),
});
export type UpdateUserRequest = v.InferInput<typeof UpdateUserRequestSchema>;

/**
 * `POST /checkpassword`: with `password` only, checks the current password; with `newpass` too,
 * checks the current one and sets the new one.
 */
export const CheckPasswordRequestSchema = v.object({
  password: v.pipe(v.string(), v.nonEmpty("Enter your current password.")),
  newpass: v.optional(PasswordSchema),
});
export type CheckPasswordRequest = v.InferInput<typeof CheckPasswordRequestSchema>;

/** `POST /checkforgottoken`: the token from the forgot-password email. */
export const CheckForgotTokenRequestSchema = v.object({ token: requiredText() });
export type CheckForgotTokenRequest = v.InferInput<typeof CheckForgotTokenRequestSchema>;

/**
 * `POST /changepassword`: the new password, with the forgot-password `token` when logged out, or
 * the `currentPassword` when logged in (a session alone does not prove who is at the keyboard).
 */
export const ChangePasswordRequestSchema = v.object({
  password: PasswordSchema,
  token: v.optional(v.string()),
  currentPassword: v.optional(v.string()),
});
export type ChangePasswordRequest = v.InferInput<typeof ChangePasswordRequestSchema>;

/** `POST /level`: the experience level that gates advanced and expert features. */
export const SetLevelRequestSchema = v.object({ level: v.picklist(EXPERIENCE_LEVELS) });
export type SetLevelRequest = v.InferInput<typeof SetLevelRequestSchema>;

/** `POST /updateTheme`: the colour-mode preference stored in `profile.theme`. */
export const UpdateThemeRequestSchema = v.object({ theme: v.picklist(COLOR_MODE_PREFERENCES) });
export type UpdateThemeRequest = v.InferInput<typeof UpdateThemeRequestSchema>;

/** Billing periods of a plan. */
export const PLAN_FREQUENCIES = ["monthly", "yearly"] as const;

/** `PUT /user/plan`: the plan (a role name such as `beginner`) and how often it is billed. */
export const ChangePlanRequestSchema = v.object({
  plan: requiredText("Choose a plan."),
  frequency: v.picklist(PLAN_FREQUENCIES, "Choose monthly or yearly billing."),
});
export type ChangePlanRequest = v.InferInput<typeof ChangePlanRequestSchema>;

/** `PUT /user/payment`: the payment-method ID the card form produced. */
export const UpdatePaymentRequestSchema = v.object({ id: IdSchema });
export type UpdatePaymentRequest = v.InferInput<typeof UpdatePaymentRequestSchema>;
