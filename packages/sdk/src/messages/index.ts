export * from "./eventTime.js";
export * from "./mergeTags.js";
export * from "./renderMessage.js";
export * from "./sampleRegistrant.js";
