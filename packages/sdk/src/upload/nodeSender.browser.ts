import type { SendChunk } from "./transport.js";

/**
 * What browser bundles get for `nodeSender.ts` (package.json's `browser` field): no Node
 * transport, whose bytes would count against the upload bundle's budget for nothing.
 */
export const nodeSender: SendChunk | undefined = undefined;
