/**
 * Valibot schemas of the spec's entities (§3), with their inferred types and default factories.
 * The dashboard, the widgets and the server validate with these same schemas.
 *
 * Every call made at module level carries a `/* @__PURE__ *\/` mark: valibot marks its own
 * functions free of side effects, but esbuild and terser do not carry that mark across valibot's
 * module boundary, and without ours an app importing one schema would bundle them all.
 */
export * from "./account.js";
export * from "./audience.js";
export * from "./banner.js";
export * from "./coOrganizer.js";
export * from "./fields.js";
export * from "./text.js";
export * from "./lead.js";
export * from "./media.js";
export * from "./multiEventSetting.js";
export * from "./room.js";
export * from "./roomChat.js";
export * from "./liveStream.js";
export * from "./timelineDraft.js";
export * from "./timelineMaster.js";
export * from "./timelineNode.js";
export * from "./timelineSetting/index.js";
export * from "./uploadQueue.js";
export * from "./user.js";
export * from "./webinar.js";
export * from "./requests/index.js";
