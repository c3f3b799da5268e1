export * from "./autoresponder.js";
export * from "./countdown.js";
export * from "./general.js";
export * from "./hls.js";
export * from "./integration.js";
export * from "./master.js";
export * from "./page.js";
export * from "./registration.js";
