/**
 * The business constants of the Cuepoint API (spec §9 and §4). One place for every number and key
 * the SDK, the server, the dashboard and the widgets share.
 */

/** Webinars are listed 12 a page; page count is `ceil(total / 12)`. */
export const WEBINAR_PAGE_SIZE = 12;
/** Leads (registrants) are listed 20 a page; page count is `round(total / 20)`. */
export const LEADS_PAGE_SIZE = 20;
/** Scheduled events in the timeline editor are listed 12 a page. */
export const SCHEDULED_EVENTS_PAGE_SIZE = 12;

/** Minutes before the start at which attendees may join (general.joinStart). */
export const DEFAULT_JOIN_START = 15;
/** Minutes after which a late joiner goes to the replay (general.replayStart). */
export const DEFAULT_REPLAY_START = 15;
/** Countdown (waiting room) length in minutes. */
export const DEFAULT_COUNTDOWN = 15;
export const DEFAULT_TIMEZONE = "America/Los_Angeles";
export const MINUTES_PER_DAY = 1440;
/** An action within this many minutes of the live start or countdown is too close. */
export const TOO_CLOSE_MINUTES = 11;
/** Timeline offset buckets run from -45 to +45 days; bucket 0 is the event day. */
export const BUCKET_MIN = -45;
export const BUCKET_MAX = 45;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 100;

/** A recurring series holds at most this many events (`recurring.count`, and any generated series). */
export const RECURRING_MAX_EVENTS = 500;
/** `recurring.every` steps from 5 minutes (shorter overlaps the rooms) to a week (longer is a weekly pattern). */
export const RECURRING_MIN_STEP_MINUTES = 5;
export const RECURRING_MAX_STEP_MINUTES = 7 * 24 * 60;

/** Upload chunk size: 100 MB. */
export const UPLOAD_CHUNK_SIZE = 100 * 1024 * 1024;

/** Session token cookie lifetime in days, without and with remember-me. */
export const TOKEN_COOKIE_DAYS = 1;
export const REMEMBER_ME_COOKIE_DAYS = 30;
/** Personal access token lifetimes offered at creation (days), GitHub style; 30 when none is sent. */
export const TOKEN_EXPIRY_DAYS = [7, 30, 60, 90] as const;
export const DEFAULT_TOKEN_EXPIRY_DAYS = 30;
/** The furthest a custom token expiry may be (days ahead). */
export const MAX_TOKEN_EXPIRY_DAYS = 366;

export const BANNER_DISMISS_KEY = "bannerClose";
export const DEFAULT_BANNER_COLOR = "#2B67AA";
export const COLOR_MODE_STORAGE_KEY = "nuxt-color-mode";

/** The reload guard keeps the path for 10 seconds. */
export const RELOAD_GUARD_MS = 10_000;
export const ROUTE_PREFETCH_MAX_IN_FLIGHT = 4;
export const HEAD_RERENDER_DELAY_MS = 10;
export const MODAL_TOAST_SLIDE_PX = 200;

export const DEFAULT_LOCALE = "en-US";
export const LOCALE_COOKIE = {
  name: "i18n_redirected",
  maxAgeDays: 365,
  path: "/",
  sameSite: "lax",
  secure: false,
} as const;
/** Route names carry the locale after this separator: `timelines-id___en-US`. */
export const ROUTE_LOCALE_SEPARATOR = "___";

/** The XSRF cookie the server sets and the header the client echoes it in. */
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";

/** Delivery platforms; `aevent` (Cuepoint's own event platform) is always offered. */
export const DELIVERY_PLATFORMS = ["gotowebinar", "zoom", "youtube", "aevent", "vsl"] as const;
export type DeliveryPlatform = (typeof DELIVERY_PLATFORMS)[number];
/** The product's own event platform: the only one that allows actions before the event. */
export const OWN_PLATFORM = "aevent" satisfies DeliveryPlatform;

/** Role codes of spec §6 (the wire value of `user.role`). */
export const ROLE_CODES = {
  admin: "99",
  free: "00",
  beginner: "0",
  advanced: "1",
  professional: "2",
  unlimited: "3",
  disabled: "-1",
  awebinar: "5",
  manual: "13",
  support: "8",
  operator: "9",
  sales: "7",
} as const;
export type RoleName = keyof typeof ROLE_CODES;
export type RoleCode = (typeof ROLE_CODES)[RoleName];

/** Video encoding status codes of media items. */
export const ENCODING_STATUS = { encoded: 0, inProgress: 1, pending: 2, failed: 5 } as const;

export const WEBINAR_TYPES = ["automatic", "semi-automatic", "manual"] as const;
export type WebinarType = (typeof WEBINAR_TYPES)[number];
export const EVENT_TYPES = ["live-webinar", "hybrid-webinar", "evergreen-webinar", "vsl"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EXPERIENCE_LEVELS = ["beginner", "advanced", "expert"] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

export const COLOR_MODE_PREFERENCES = ["system", "light", "dark"] as const;
export type ColorModePreference = (typeof COLOR_MODE_PREFERENCES)[number];

/** Accounts created before this date may see the refresh-disable option. */
export const REFRESH_DISABLE_CUTOFF = "2023-12-01T00:00:00Z";

/**
 * Bytes in one storage "GB" of the plan limits (§9) and of media sizes shown in GB (§3): binary
 * gigabytes, so a 2 GB plan holds 2 × 1024³ bytes.
 */
export const BYTES_PER_GB = 1024 ** 3;
