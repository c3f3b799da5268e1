import * as v from "valibot";
import { TimelineBlocksSchema, TimelineMasterSchema } from "@cuepoint/sdk";

/** Answer shapes of the timeline routes, from the SDK's entity schemas (for the OpenAPI document). */
export const MasterAnswer = v.object({ success: TimelineMasterSchema });
export const MastersAnswer = v.object({ success: v.array(TimelineMasterSchema) });
export const BlocksAnswer = v.object({ success: TimelineBlocksSchema });

/** Where the timeline routes are grouped in the OpenAPI document. */
export const TIMELINES_TAG = "Timelines";
