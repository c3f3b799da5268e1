import * as v from "valibot";
import { DEFAULT_BANNER_COLOR } from "../constants.js";
import { OptionalUrlSchema } from "./fields.js";

/**
 * The announcement banner's content (GET /localization/banner). Every field is optional so an
 * unconfigured banner parses to the defaults; the banner only shows when `fullHeading` is set.
 *
 * @example
 * v.parse(BannerContentSchema, { fullHeading: "New: evergreen replays" }).color; // "#2B67AA"
 */
export const BannerContentSchema = /* @__PURE__ */ v.object({
  color: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.pipe(
      /* @__PURE__ */ v.string(),
      /* @__PURE__ */ v.hexColor("Banner colour must be a hex colour"),
    ),
    DEFAULT_BANNER_COLOR,
  ),
  mobileHeading: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  fullHeading: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  buttonTitle: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  link: /* @__PURE__ */ v.optional(OptionalUrlSchema, ""),
});

export type BannerContent = v.InferOutput<typeof BannerContentSchema>;

/**
 * A banner with the spec's defaults (colour #2B67AA, nothing to show), merged with `overrides`.
 *
 * @example
 * createBannerContent({ fullHeading: "Hello" }); // { color: "#2B67AA", fullHeading: "Hello", ... }
 */
/* @__NO_SIDE_EFFECTS__ */
export function createBannerContent(
  overrides: v.InferInput<typeof BannerContentSchema> = {},
): BannerContent {
  return v.parse(BannerContentSchema, overrides);
}
