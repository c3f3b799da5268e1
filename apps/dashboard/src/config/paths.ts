import { oauthCallbackRoutes, ROUTE_LOCALE_SEPARATOR, DEFAULT_LOCALE, type OAuthCallbackRoute } from "@cuepoint/sdk";
import type { ColorModePreference } from "@cuepoint/sdk";

/**
 * Every path of the dashboard (spec §2): its name, guard, title, metadata and which screen shows
 * it, plus {@link href}. Screens import this module, never `routes.tsx`: the route table imports
 * the screens, so a screen importing it would close an import circle (bulletproof-react keeps
 * `config/paths.ts` apart from its router for the same reason).
 */

/** `auth`: logged-in users only; `noauth`: logged-out users only; `none`: anyone (spec §6). */
export type Guard = "auth" | "noauth" | "none";

export interface RouteMeta {
  /** Forces a colour mode on this page (spec §4); forcing `system` is ignored. */
  colorMode?: ColorModePreference;
  /** `bare`: no main navigation (login and other logged-out pages). Default `app`. */
  layout?: "app" | "bare";
  /** The OAuth callback route name (`zoomcallback`), on callback pages. */
  callback?: OAuthCallbackRoute;
  /** Media view shown by the media screens. */
  mediaView?: "library" | "new" | "audios" | "images" | "niftyImages" | "videos";
  /** The backup variant of the scheduling screen. */
  backup?: boolean;
}

/** The screens of the dashboard; `routes.tsx` maps each to its lazy module. */
export type ScreenKey =
  | "home" | "timelines" | "timelineEditor" | "timelineWizard" | "beginnerWizard" | "webinarSchedule" | "webinar"
  | "media" | "integrations" | "addIntegration" | "integration" | "oauthCallback" | "leads" | "login"
  | "forgotPassword" | "landing" | "invoker" | "settings" | "developer" | "notFound" | "serverError" | "timelineError";

export interface PathDef {
  /** wouter pattern (`/timelines/:id`). */
  path: string;
  /** Route name with the locale suffix (`timelines-id___en-US`). */
  name: string;
  guard: Guard;
  /** Document title; the product name is appended (`Leads · Cuepoint`). */
  title: string;
  meta: RouteMeta;
  /** Which screen shows it (`routes.tsx` maps it to the lazy module). */
  screenKey: ScreenKey;
}

export const PRODUCT_NAME = "Cuepoint";

/** `/timelines/:id` → `timelines-id___en-US`, `/` → `index___en-US` (the spec's route names). */
export const routeName = (path: string): string =>
  (path === "/" ? "index" : path.slice(1).replace(/:/g, "").replace(/\//g, "-")) +
  ROUTE_LOCALE_SEPARATOR +
  DEFAULT_LOCALE;

const path = (path: string, guard: Guard, title: string, screen: ScreenKey, meta: RouteMeta = {}): PathDef => ({
  path,
  name: routeName(path),
  guard,
  title,
  meta,
  screenKey: screen,
});

const bare: RouteMeta = { layout: "bare" };

/** Every path in matching order: literal paths before the `:param` ones they would shadow. */
export const paths: readonly PathDef[] = [
  // guard auth
  path("/", "auth", "Dashboard", "home"),
  path("/media", "auth", "Media", "media", { mediaView: "library" }),
  path("/media-new", "auth", "Media", "media", { mediaView: "new" }),
  path("/integrations", "auth", "Integrations", "integrations"),
  path("/integrations/add-integration", "auth", "Add an integration", "addIntegration"),
  path("/integration", "auth", "Integration", "integration"),
  path("/leads", "auth", "Leads", "leads"),
  path("/settings", "auth", "Settings", "settings"),
  path("/developer", "auth", "Developer", "developer"),
  path("/developer/endpoints", "auth", "API endpoints", "developer"),
  path("/developer/tokens", "auth", "Access tokens", "developer"),
  path("/developer/tokens/new", "auth", "New access token", "developer"),
  path("/webinar/schedule_backup", "auth", "Schedule a webinar", "webinarSchedule", { backup: true }),
  ...(Object.keys(oauthCallbackRoutes) as OAuthCallbackRoute[]).map((callback) =>
    path(`/${callback}`, "auth", "Connecting an integration", "oauthCallback", { callback }),
  ),
  // guard noauth
  path("/login", "noauth", "Log in", "login", bare),
  // no guard
  path("/404", "none", "Page Not Found", "notFound"),
  path("/500", "none", "Internal Server Error", "serverError"),
  path("/beginnerWizard", "none", "Create your first timeline", "beginnerWizard"),
  path("/forgotPassword", "none", "Reset your password", "forgotPassword", bare),
  path("/invoker", "none", "Invoker", "invoker", bare),
  path("/landing", "none", "Welcome", "landing", bare),
  path("/media-new/audios", "none", "Audios", "media", { mediaView: "audios" }),
  path("/media-new/images", "none", "Images", "media", { mediaView: "images" }),
  path("/media-new/niftyImages", "none", "Nifty images", "media", { mediaView: "niftyImages" }),
  path("/media-new/videos", "none", "Videos", "media", { mediaView: "videos" }),
  path("/timelineError", "none", "Timeline error", "timelineError"),
  path("/timelines", "none", "Timelines", "timelines"),
  path("/timelines/wizard", "none", "New timeline", "timelineWizard"),
  path("/timelines/:id", "none", "Timeline", "timelineEditor"),
  path("/webinar/schedule", "none", "Schedule a webinar", "webinarSchedule"),
  path("/webinar/:id", "none", "Webinar", "webinar"),
];

/** Paths that redirect (spec §2). */
export const redirects: Readonly<Record<string, string>> = { "/upcoming": "/" };

/** The main navigation (spec §2), in order. */
export const mainNavigation = [
  { label: "Dashboard", path: "/" },
  { label: "Timeline", path: "/timelines" },
  { label: "Media", path: "/media" },
  { label: "Integrations", path: "/integrations" },
  { label: "Leads", path: "/leads" },
] as const;

const byName = new Map(paths.map((p) => [p.name, p]));

/**
 * A dashboard href from a route name and its parameters, with an optional query; the only way
 * screens build links (`<Link href={href("timelines-id___en-US", { id })}>`).
 *
 * @example
 * href("timelines-id___en-US", { id: 7 }); // "/timelines/7"
 * href("leads___en-US", {}, { page: 2 }); // "/leads?page=2"
 */
export function href(
  name: string,
  params: Record<string, string | number> = {},
  query?: Record<string, string | number | boolean | undefined>,
): string {
  const found = byName.get(name);
  if (!found) throw new Error(`Unknown route name: "${name}"`);
  const built = found.path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route "${name}" needs the parameter "${key}"`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${built}?${text}` : built;
}
