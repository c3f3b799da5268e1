/**
 * Field schemas that several entities share, so that, for example, every timestamp of every entity
 * is checked the same way. Emails and URLs use the rules of `rules/` (spec §5), not a copy.
 */
import * as v from "valibot";
import { isUrl } from "../rules/url/index.js";
import { INT4_MAX } from "./text.js";

/**
 * An ISO 8601 date-time with seconds and a zone (`2024-05-01T17:00:00Z`, `…+02:00`), as timestamps
 * (`created_at`, `startTime`…) travel on the wire.
 *
 * @example
 * v.is(TimestampSchema, "2024-05-01T17:00:00.000000Z"); // true
 */
export const TimestampSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.string(),
  /* @__PURE__ */ v.isoTimestamp("Invalid ISO timestamp"),
);

/**
 * A whole number from `min` to `max` inclusive.
 *
 * @example
 * v.is(integerBetween(0, 59), 30); // true
 */
/* @__NO_SIDE_EFFECTS__ */
export function integerBetween(min: number, max: number) {
  return v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
}

/** A whole, non-negative number of minutes (countdown, join/replay start…). */
export const MinutesSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.number(),
  /* @__PURE__ */ v.integer(),
  /* @__PURE__ */ v.minValue(0),
  /* @__PURE__ */ v.maxValue(INT4_MAX),
);

/** A whole, non-negative count (registrants, actions…). */
export const CountSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.number(),
  /* @__PURE__ */ v.integer(),
  /* @__PURE__ */ v.minValue(0),
  /* @__PURE__ */ v.maxValue(INT4_MAX),
);

const VIDEO_LENGTH = /^\d{2,}:[0-5]\d:[0-5]\d$/;

/**
 * A video length as `hh:mm:ss` (hours may run past 99).
 *
 * @example
 * v.is(VideoLengthSchema, "01:05:09"); // true
 */
export const VideoLengthSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.string(),
  /* @__PURE__ */ v.regex(VIDEO_LENGTH, "Video length must be hh:mm:ss"),
);

/** A video length as `hh:mm:ss`, or "" while the length is not known yet (settings defaults). */
export const OptionalVideoLengthSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.string(),
  /* @__PURE__ */ v.check((s) => s === "" || VIDEO_LENGTH.test(s), "Video length must be hh:mm:ss"),
);

/**
 * A bare domain (no scheme, no path): word characters with dots, dashes or plus, ending in a 2–6
 * letter top-level label — the pattern spec §5 gives for domains.
 *
 * @example
 * v.is(BareDomainSchema, "example.com"); // true; "https://example.com" is refused
 */
export const BareDomainSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.string(),
  /* @__PURE__ */ v.regex(
    /^[\w+-]+(?:\.[\w+-]+)*\.[a-z]{2,6}$/i,
    "Must be a bare domain such as example.com",
  ),
);

/** A web address passing spec §5's URL rule (`rules/url`), or "" when none is set. */
export const OptionalUrlSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.string(),
  /* @__PURE__ */ v.check(
    (s) => s === "" || isUrl(s),
    "Must be an http(s) web address, like https://example.com",
  ),
);

function isTimeZone(zone: string): boolean {
  try {
    // Intl throws a RangeError for names it does not know: the runtime's own IANA database.
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * An IANA time-zone name known to the runtime (`America/Los_Angeles`).
 *
 * @example
 * v.is(TimeZoneSchema, "Europe/Paris"); // true
 */
export const TimeZoneSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.string(),
  /* @__PURE__ */ v.nonEmpty("Time zone is required"),
  /* @__PURE__ */ v.check(isTimeZone, "Unknown IANA time zone"),
);
