export { hasFeature, type FeatureFlags, type KnownFeature, type UserWithFeatures } from "./hasFeature.js";
