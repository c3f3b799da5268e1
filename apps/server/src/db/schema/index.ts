/** The database schema: one table per file group; drizzle-kit generates migrations from here. */
export * from "./accounts.js";
export * from "./auth.js";
export * from "./billing.js";
export * from "./timelines.js";
export * from "./events.js";
export * from "./registrants.js";
export * from "./webinars.js";
export * from "./timelineParts.js";
export * from "./media.js";
export * from "./integrations.js";
export * from "./rateLimits.js";
export * from "./engine.js";
export * from "./roomChat.js";
export * from "./delivery.js";
export * from "./live.js";
