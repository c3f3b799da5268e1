/** Feature flags the spec names on the user (spec §3, §6). */
export type KnownFeature = "registrantUpload";

/**
 * `user.features` as the API may send it: a map of flag to value, or a list of enabled flag names.
 */
export type FeatureFlags = Readonly<Record<string, unknown>> | readonly string[];

/** The part of a user the feature rule reads. */
export interface UserWithFeatures {
  readonly features?: FeatureFlags | null;
}

/** Values that switch a flag on. PHP-style APIs send `1` and `"1"` as often as `true`. */
const ON: readonly unknown[] = [true, 1, "1", "true"];

/**
 * True when the user has the feature flag switched on. `registrantUpload` gates the registrant CSV
 * upload (spec §6). A missing user, missing features, or any other value (`0`, `"0"`, `false`,
 * `null`) means off.
 *
 * @example
 * hasFeature({ features: { registrantUpload: 1 } }, "registrantUpload"); // true
 * hasFeature({ features: ["registrantUpload"] }, "registrantUpload"); // true
 * hasFeature({ features: { registrantUpload: "0" } }, "registrantUpload"); // false
 */
export function hasFeature(
  user: UserWithFeatures | null | undefined,
  feature: KnownFeature | (string & {}),
): boolean {
  const features = user?.features;
  if (features == null) return false;
  if (Array.isArray(features)) return features.includes(feature);
  return Object.hasOwn(features, feature) && ON.includes((features as Readonly<Record<string, unknown>>)[feature]);
}
