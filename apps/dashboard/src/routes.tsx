import { oauthCallbackRoutes, ROUTE_LOCALE_SEPARATOR, DEFAULT_LOCALE, type OAuthCallbackRoute } from "@cuepoint/sdk";
import type { ColorModePreference } from "@cuepoint/sdk";
import { lazyScreen, type LazyScreen } from "./lib/lazyScreen.js";

/**
 * THE route table (spec §2): every path of the dashboard, its guard, name, title, metadata and lazy
 * screen. Screens never hand-write paths: build them with {@link href}.
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

export interface RouteDef {
  /** wouter pattern (`/timelines/:id`). */
  path: string;
  /** Route name with the locale suffix (`timelines-id___en-US`). */
  name: string;
  guard: Guard;
  /** Document title; the product name is appended (`Leads · Cuepoint`). */
  title: string;
  meta: RouteMeta;
  screen: LazyScreen;
}

export const PRODUCT_NAME = "Cuepoint";

/** `/timelines/:id` → `timelines-id___en-US`, `/` → `index___en-US` (the spec's route names). */
export const routeName = (path: string): string =>
  (path === "/" ? "index" : path.slice(1).replace(/:/g, "").replace(/\//g, "-")) +
  ROUTE_LOCALE_SEPARATOR +
  DEFAULT_LOCALE;

const route = (path: string, guard: Guard, title: string, screen: LazyScreen, meta: RouteMeta = {}): RouteDef => ({
  path,
  name: routeName(path),
  guard,
  title,
  meta,
  screen,
});

// Screens, one lazy chunk each. Owners: see SCREENS.md.
const Home = lazyScreen(() => import("./screens/home/HomeScreen.js"));
const Timelines = lazyScreen(() => import("./screens/timelines/TimelinesScreen.js"));
const TimelineEditor = lazyScreen(() => import("./screens/timelines/TimelineEditorScreen.js"));
const TimelineWizard = lazyScreen(() => import("./screens/timelines/TimelineWizardScreen.js"));
const BeginnerWizard = lazyScreen(() => import("./screens/timelines/BeginnerWizardScreen.js"));
const WebinarSchedule = lazyScreen(() => import("./screens/webinars/WebinarScheduleScreen.js"));
const Webinar = lazyScreen(() => import("./screens/webinars/WebinarScreen.js"));
const Media = lazyScreen(() => import("./screens/media/MediaScreen.js"));
const Integrations = lazyScreen(() => import("./screens/integrations/IntegrationsScreen.js"));
const AddIntegration = lazyScreen(() => import("./screens/integrations/AddIntegrationScreen.js"));
const Integration = lazyScreen(() => import("./screens/integrations/IntegrationScreen.js"));
const OAuthCallback = lazyScreen(() => import("./screens/integrations/OAuthCallbackScreen.js"));
const Leads = lazyScreen(() => import("./screens/leads/LeadsScreen.js"));
const Login = lazyScreen(() => import("./screens/session/LoginScreen.js"));
const ForgotPassword = lazyScreen(() => import("./screens/session/ForgotPasswordScreen.js"));
const Landing = lazyScreen(() => import("./screens/session/LandingScreen.js"));
const Invoker = lazyScreen(() => import("./screens/session/InvokerScreen.js"));
const Settings = lazyScreen(() => import("./screens/settings/SettingsScreen.js"));
const Developer = lazyScreen(() => import("./screens/developer/DeveloperScreen.js"));
const NotFound = lazyScreen(() => import("./screens/errors/NotFoundScreen.js"));
const ServerError = lazyScreen(() => import("./screens/errors/ServerErrorScreen.js"));
const TimelineError = lazyScreen(() => import("./screens/errors/TimelineErrorScreen.js"));

const bare: RouteMeta = { layout: "bare" };

export const routes: readonly RouteDef[] = [
  // guard auth
  route("/", "auth", "Dashboard", Home),
  route("/media", "auth", "Media", Media, { mediaView: "library" }),
  route("/media-new", "auth", "Media", Media, { mediaView: "new" }),
  route("/integrations", "auth", "Integrations", Integrations),
  route("/integrations/add-integration", "auth", "Add an integration", AddIntegration),
  route("/integration", "auth", "Integration", Integration),
  route("/leads", "auth", "Leads", Leads),
  route("/settings", "auth", "Settings", Settings),
  route("/developer", "auth", "Developer", Developer),
  route("/developer/endpoints", "auth", "API endpoints", Developer),
  route("/developer/tokens", "auth", "Access tokens", Developer),
  route("/developer/tokens/new", "auth", "New access token", Developer),
  route("/webinar/schedule_backup", "auth", "Schedule a webinar", WebinarSchedule, { backup: true }),
  ...(Object.keys(oauthCallbackRoutes) as OAuthCallbackRoute[]).map((callback) =>
    route(`/${callback}`, "auth", "Connecting an integration", OAuthCallback, { callback }),
  ),
  // guard noauth
  route("/login", "noauth", "Log in", Login, bare),
  // no guard
  route("/404", "none", "Page Not Found", NotFound),
  route("/500", "none", "Internal Server Error", ServerError),
  route("/beginnerWizard", "none", "Create your first timeline", BeginnerWizard),
  route("/forgotPassword", "none", "Reset your password", ForgotPassword, bare),
  route("/invoker", "none", "Invoker", Invoker, bare),
  route("/landing", "none", "Welcome", Landing, bare),
  route("/media-new/audios", "none", "Audios", Media, { mediaView: "audios" }),
  route("/media-new/images", "none", "Images", Media, { mediaView: "images" }),
  route("/media-new/niftyImages", "none", "Nifty images", Media, { mediaView: "niftyImages" }),
  route("/media-new/videos", "none", "Videos", Media, { mediaView: "videos" }),
  route("/timelineError", "none", "Timeline error", TimelineError),
  route("/timelines", "none", "Timelines", Timelines),
  route("/timelines/wizard", "none", "New timeline", TimelineWizard),
  route("/timelines/:id", "none", "Timeline", TimelineEditor),
  route("/webinar/schedule", "none", "Schedule a webinar", WebinarSchedule),
  route("/webinar/:id", "none", "Webinar", Webinar),
];

/** Paths that redirect (spec §2). */
export const redirects: Readonly<Record<string, string>> = { "/upcoming": "/" };

/** The screen of an unmatched path: 404 "Page not found: {path}". */
export const notFoundScreen = NotFound;
/** The screen shown when a screen throws while rendering. */
export const serverErrorScreen = ServerError;

/** The main navigation (spec §2), in order. */
export const mainNavigation = [
  { label: "Dashboard", path: "/" },
  { label: "Timeline", path: "/timelines" },
  { label: "Media", path: "/media" },
  { label: "Integrations", path: "/integrations" },
  { label: "Leads", path: "/leads" },
] as const;

const byName = new Map(routes.map((r) => [r.name, r]));

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
  const path = found.path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route "${name}" needs the parameter "${key}"`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
