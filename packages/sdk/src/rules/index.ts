/**
 * Validation rules, roles and plan limits (spec §5, §6, §9): plain functions returning a
 * {@link RuleResult} plus valibot pipe pieces, so the dashboard's forms, the widgets and the
 * server's request validation share one rule and one message.
 */
export type { RuleResult } from "./result.js";
export { ruleAction } from "./ruleAction.js";
export * from "./email/index.js";
export * from "./password/index.js";
export * from "./url/index.js";
export * from "./specialCharacters/index.js";
export * from "./analyticsTimeout/index.js";
export * from "./roles/index.js";
export * from "./guards/index.js";
export * from "./features/index.js";
export * from "./experienceLevel/index.js";
export * from "./planLimits/index.js";
export * from "./pagination/index.js";
export * from "./deliveryPlatforms/index.js";
export * from "./refreshCutoff/index.js";
export * from "./actionFields/index.js";
export * from "./upload/index.js";
export * from "./phone/index.js";
export * from "./registration/index.js";
export * from "./joinDomain/index.js";
export * from "./multiEventDay/index.js";
