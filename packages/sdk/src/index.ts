export * from "./constants.js";
export * from "./schemas/index.js";
export * from "./integrations/index.js";
export * from "./rules/index.js";
export * from "./timeline/index.js";
export * from "./room/index.js";
export * from "./client/index.js";
export * from "./webhooks/index.js";
