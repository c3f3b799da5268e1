import * as v from "valibot";
import { DEFAULT_COUNTDOWN } from "../../constants.js";
import { MinutesSchema } from "../fields.js";

/**
 * The countdown (waiting room) shown before an event starts. Shared by a timeline's general
 * settings and by each multi-event setting, which carry the same options.
 *
 * - `duration`: minutes the waiting room opens before the start (spec default 15).
 * - `manualLength`: minutes of countdown for manually started events; 0 when unused.
 * - `image`: background image (a media uniqueID or URL); "" for none.
 *
 * @example
 * v.parse(CountdownSchema, {}); // { enabled: false, duration: 15, manualLength: 0, image: "" }
 */
export const CountdownSchema = /* @__PURE__ */ v.object({
  enabled: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
  duration: /* @__PURE__ */ v.optional(MinutesSchema, DEFAULT_COUNTDOWN),
  manualLength: /* @__PURE__ */ v.optional(MinutesSchema, 0),
  image: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
});

export type Countdown = v.InferOutput<typeof CountdownSchema>;
