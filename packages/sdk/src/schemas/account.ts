import * as v from "valibot";
import { COLOR_MODE_PREFERENCES, DEFAULT_LOCALE } from "../constants.js";
import { CountSchema, TimestampSchema } from "./fields.js";

/**
 * What the account has used (POST user/resource_status), measured against the plan limits of
 * spec §9: actions, webinar hours (fractional), recurring timelines, and extra actions granted.
 *
 * @example
 * v.parse(ResourceStatusSchema, { actions: 120, webinar_hours: 3.5, recurring_timelines: 2 });
 */
export const ResourceStatusSchema = /* @__PURE__ */ v.object({
  actions: CountSchema,
  webinar_hours: /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.number(), /* @__PURE__ */ v.minValue(0)),
  recurring_timelines: CountSchema,
  additional_actions: /* @__PURE__ */ v.optional(CountSchema, 0),
  /**
   * The plan's limits for this account (spec §9, with purchased and additional actions added, as
   * `planLimitsFor` computes them; -1 unlimited). Sent by the server beside the usage.
   */
  limits: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.object({
      timelines: /* @__PURE__ */ v.number(),
      actions: /* @__PURE__ */ v.number(),
      webinarHours: /* @__PURE__ */ v.number(),
      storageGB: /* @__PURE__ */ v.number(),
    }),
  ),
  /** The usage period counted (ISO instants, `to` exclusive). */
  period: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.object({ from: /* @__PURE__ */ v.string(), to: /* @__PURE__ */ v.string() })),
});

/**
 * A purchase (GET purchases): only action packs exist, at least one.
 *
 * @example
 * v.parse(PurchaseSchema, { type: "actions", quantity: 5000 });
 */
export const PurchaseSchema = /* @__PURE__ */ v.object({
  type: /* @__PURE__ */ v.literal("actions"),
  quantity: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.number(),
    /* @__PURE__ */ v.integer(),
    /* @__PURE__ */ v.minValue(1),
  ),
});

/**
 * A personal access token as listed (never its secret). The spec gives id, name and scopes; we
 * add the timestamps a token list shows: `created_at`, and `last_used_at` and `expires_at`, null
 * when never used or never expiring.
 *
 * @example
 * v.parse(PersonalAccessTokenSchema, { id: "tok_1", name: "CI", scopes: ["webinars:read"] });
 */
export const PersonalAccessTokenSchema = /* @__PURE__ */ v.object({
  id: /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.nonEmpty("id is required")),
  name: /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.nonEmpty("Name is required")),
  scopes: /* @__PURE__ */ v.array(/* @__PURE__ */ v.string()),
  created_at: /* @__PURE__ */ v.optional(TimestampSchema),
  last_used_at: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.nullable(TimestampSchema), null),
  expires_at: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.nullable(TimestampSchema), null),
});

/**
 * A registration form template (GET forms). The spec gives only `id` ("other fields are not
 * shown"), so the object is loose; `name` and the `fields` list are typed loosely because the
 * form screens own their shape.
 *
 * @example
 * v.parse(TemplateFormSchema, { id: "f_1", name: "Short form", fields: [] });
 */
export const TemplateFormSchema = /* @__PURE__ */ v.looseObject({
  id: /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.nonEmpty("id is required")),
  name: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  fields: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.array(/* @__PURE__ */ v.unknown())),
});

/**
 * The colour mode (stored under nuxt-color-mode): the chosen `preference`, the resolved `value`
 * (light or dark), `unknown` while the system scheme is not known yet, `forced` when the page
 * forces a mode.
 *
 * @example
 * v.parse(ColorModeSchema, {}); // { preference: "system", value: "light", unknown: false, forced: false }
 */
export const ColorModeSchema = /* @__PURE__ */ v.object({
  preference: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.picklist(COLOR_MODE_PREFERENCES), "system"),
  value: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.picklist(["light", "dark"]), "light"),
  unknown: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
  forced: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
});

/**
 * A locale: its `code` (what routes carry after `___`), its `iso` language tag, its text
 * direction, and an optional domain serving it.
 *
 * @example
 * v.parse(LocaleConfigSchema, { code: "en-US", iso: "en-US" }).dir; // "ltr"
 */
export const LocaleConfigSchema = /* @__PURE__ */ v.object({
  code: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.string(),
    /* @__PURE__ */ v.nonEmpty("Locale code is required"),
  ),
  iso: /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.nonEmpty("ISO tag is required")),
  dir: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.picklist(["ltr", "rtl"]), "ltr"),
  domain: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
});

export type ResourceStatus = v.InferOutput<typeof ResourceStatusSchema>;
export type Purchase = v.InferOutput<typeof PurchaseSchema>;
export type PersonalAccessToken = v.InferOutput<typeof PersonalAccessTokenSchema>;
export type TemplateForm = v.InferOutput<typeof TemplateFormSchema>;
export type ColorMode = v.InferOutput<typeof ColorModeSchema>;
export type LocaleConfig = v.InferOutput<typeof LocaleConfigSchema>;

/**
 * The only locale (spec §9): en-US, left to right, no domain of its own.
 *
 * @example
 * DEFAULT_LOCALE_CONFIG.code; // "en-US"
 */
export const DEFAULT_LOCALE_CONFIG = {
  code: DEFAULT_LOCALE,
  iso: DEFAULT_LOCALE,
  dir: "ltr",
} as const satisfies LocaleConfig;
