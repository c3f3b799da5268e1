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
  /**
   * Ours, beyond the spec: the headings shown instead to an account with a connected integration,
   * for a banner whose words stop being true once messages can go out (the demo's "nothing here
   * sends real messages"). Empty: everyone reads the same headings.
   */
  connectedHeading: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  connectedMobileHeading: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
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

/**
 * The headings one account reads: `connectedHeading` (and its mobile one) when the account has a
 * connected integration and the banner has them, else the usual ones. The mobile heading falls
 * back to the full one.
 *
 * @example
 * const banner = { fullHeading: "Nothing here sends real messages.", connectedHeading: "Your integrations send real messages." };
 * bannerHeadings(banner, { connected: false }).full; // "Nothing here sends real messages."
 * bannerHeadings(banner, { connected: true }).full; // "Your integrations send real messages."
 */
export function bannerHeadings(
  content: Partial<BannerContent> | undefined,
  account: { connected: boolean },
): { full: string; mobile: string } {
  const useConnected = account.connected && Boolean(content?.connectedHeading);
  const full = (useConnected ? content?.connectedHeading : content?.fullHeading) ?? "";
  const mobile = (useConnected ? content?.connectedMobileHeading : content?.mobileHeading) || full;
  return { full, mobile };
}
