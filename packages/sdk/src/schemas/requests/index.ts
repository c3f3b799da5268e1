/**
 * Request schemas: the bodies and queries of spec §7. The server validates every request with
 * these; the client uses only their input types, so valibot stays out of the client bundle.
 * Multipart bodies parse too: see `FormBooleanSchema` and `jsonField`.
 */
export * from "./fields.js";
export * from "./session.js";
export * from "./account.js";
export * from "./tokens.js";
export * from "./integrations.js";
export * from "./webinars.js";
export * from "./timelines.js";
export * from "./forms.js";
export * from "./media.js";
export * from "./leads.js";
export * from "./registration.js";
export * from "./room.js";
export * from "./automation.js";
export * from "./autoresponder.js";
