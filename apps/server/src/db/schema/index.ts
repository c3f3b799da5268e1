/** The database schema: one table per file group; drizzle-kit generates migrations from here. */
export * from "./accounts.js";
export * from "./auth.js";
export * from "./billing.js";
export * from "./timelines.js";
export * from "./events.js";
export * from "./registrants.js";
