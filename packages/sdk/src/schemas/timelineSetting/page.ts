import * as v from "valibot";
import { OptionalUrlSchema } from "../fields.js";

/**
 * Where one of the timeline's pages lives: the product's own page ('default') or the host's page
 * at `url` ('custom'). A custom page needs its URL.
 */
export const PageTargetSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.object({
    type: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.picklist(["default", "custom"]), "default"),
    url: /* @__PURE__ */ v.optional(OptionalUrlSchema, ""),
  }),
  /* @__PURE__ */ v.forward(
    /* @__PURE__ */ v.partialCheck(
      [["type"], ["url"]],
      (page) => page.type !== "custom" || page.url !== "",
      "A custom page needs its URL",
    ),
    ["url"],
  ),
);

/** Tracking pixel code added to the timeline's pages. */
export const PixelSettingSchema = /* @__PURE__ */ v.object({
  enabled: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
  code: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
});

/** A call to action shown on the timeline's pages (headline and subheadline as live CTAs have). */
export const PageCtaSchema = /* @__PURE__ */ v.object({
  enabled: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
  headline: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  subheadline: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  buttonTitle: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  link: /* @__PURE__ */ v.optional(OptionalUrlSchema, ""),
});

/**
 * The page section of a timeline's setting. The spec names its parts only (confirmation,
 * registration, countdown, replay, pixel, cta, join, builder); we give each page a target
 * (own page or custom URL), the pixel a code snippet, the CTA its texts and link, and `builder`
 * the key of the registration page builder chosen among the ten of spec §2 ("" for none).
 *
 * @example
 * v.parse(PageSettingSchema, { replay: { type: "custom", url: "https://example.com/replay" } });
 */
export const PageSettingSchema = /* @__PURE__ */ v.object({
  confirmation: /* @__PURE__ */ v.optional(PageTargetSchema, {}),
  registration: /* @__PURE__ */ v.optional(PageTargetSchema, {}),
  countdown: /* @__PURE__ */ v.optional(PageTargetSchema, {}),
  replay: /* @__PURE__ */ v.optional(PageTargetSchema, {}),
  pixel: /* @__PURE__ */ v.optional(PixelSettingSchema, {}),
  cta: /* @__PURE__ */ v.optional(PageCtaSchema, {}),
  join: /* @__PURE__ */ v.optional(PageTargetSchema, {}),
  builder: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
});

export type PageTarget = v.InferOutput<typeof PageTargetSchema>;
export type PageSetting = v.InferOutput<typeof PageSettingSchema>;
