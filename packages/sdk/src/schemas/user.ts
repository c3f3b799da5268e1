import * as v from "valibot";
import { COLOR_MODE_PREFERENCES, EXPERIENCE_LEVELS, ROLE_CODES } from "../constants.js";
import type { RoleCode } from "../constants.js";
import { EmailSchema } from "../rules/email/index.js";
import { TimestampSchema } from "./fields.js";

/** A role as the wire carries it: the code string of spec §6 (`"99"` admin, `"00"` free…). */
export const RoleCodeSchema = /* @__PURE__ */ v.picklist(
  /* @__PURE__ */ Object.values(ROLE_CODES) as RoleCode[],
);

/**
 * Feature flags of the account. The spec names only `registrantUpload` ("features including
 * registrantUpload"), so the object is loose: other flags the server sends are kept as they are.
 */
export const UserFeaturesSchema = /* @__PURE__ */ v.looseObject({
  registrantUpload: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
});

/**
 * The user's profile. `theme` takes the colour-mode preferences (system, light, dark) because the
 * dashboard's only theming is its colour mode (POST updateTheme).
 */
export const UserProfileSchema = /* @__PURE__ */ v.object({
  userSkillLevel: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.picklist(EXPERIENCE_LEVELS), "beginner"),
  theme: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.picklist(COLOR_MODE_PREFERENCES), "system"),
});

/**
 * The logged-in user (spec §3 "User"), as login and validate return it.
 *
 * `role`, `email`, `name` and `user_uid` are required; the rest default to their "off" value.
 * `api_token` is optional: it is only sent where the session hands it out.
 *
 * @example
 * const user = v.parse(UserSchema, {
 *   role: "1", email: "host@example.com", name: "Ada", user_uid: "u_1",
 *   created_at: "2024-01-01T00:00:00Z",
 * });
 * user.profile.userSkillLevel; // "beginner"
 */
export const UserSchema = /* @__PURE__ */ v.object({
  role: RoleCodeSchema,
  email: EmailSchema,
  name: /* @__PURE__ */ v.string(),
  created_at: TimestampSchema,
  domain: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  /** Identity-verification hash for the support chat widget. */
  intercom_hash: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  /** 1 marks a beta user; any other value does not (spec §3). */
  beta: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.number(), /* @__PURE__ */ v.integer()),
    0,
  ),
  features: /* @__PURE__ */ v.optional(UserFeaturesSchema, {}),
  profile: /* @__PURE__ */ v.optional(UserProfileSchema, {}),
  agreed_current_terms: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
  user_uid: /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.nonEmpty()),
  api_token: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
});

export type User = v.InferOutput<typeof UserSchema>;
export type UserFeatures = v.InferOutput<typeof UserFeaturesSchema>;
export type UserProfile = v.InferOutput<typeof UserProfileSchema>;

/**
 * Whether the user is in the beta programme: `beta` equal to 1, nothing else (spec §3).
 *
 * @example
 * isBetaUser({ beta: 1 }); // true
 * isBetaUser({ beta: 0 }); // false
 */
export function isBetaUser(user: Pick<User, "beta">): boolean {
  return user.beta === 1;
}
