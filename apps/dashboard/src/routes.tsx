import { paths, type PathDef, type ScreenKey } from "./config/paths.js";
import { lazyScreen, type LazyScreen } from "./lib/lazyScreen.js";

/**
 * THE route table (spec §2): every path of `config/paths.ts` joined with its lazy screen. Only the
 * shell imports this module; screens build links with `href` from `config/paths.ts`.
 */

export interface RouteDef extends PathDef {
  screen: LazyScreen;
}

// Screens, one lazy chunk each. Owners: see SCREENS.md.
const screens: Record<ScreenKey, LazyScreen> = {
  home: lazyScreen(() => import("./screens/home/HomeScreen.js")),
  timelines: lazyScreen(() => import("./screens/timelines/TimelinesScreen.js")),
  timelineEditor: lazyScreen(() => import("./screens/timelines/TimelineEditorScreen.js")),
  timelineWizard: lazyScreen(() => import("./screens/timelines/TimelineWizardScreen.js")),
  beginnerWizard: lazyScreen(() => import("./screens/timelines/BeginnerWizardScreen.js")),
  webinarSchedule: lazyScreen(() => import("./screens/webinars/WebinarScheduleScreen.js")),
  webinar: lazyScreen(() => import("./screens/webinars/WebinarScreen.js")),
  media: lazyScreen(() => import("./screens/media/MediaScreen.js")),
  integrations: lazyScreen(() => import("./screens/integrations/IntegrationsScreen.js")),
  addIntegration: lazyScreen(() => import("./screens/integrations/AddIntegrationScreen.js")),
  integration: lazyScreen(() => import("./screens/integrations/IntegrationScreen.js")),
  oauthCallback: lazyScreen(() => import("./screens/integrations/OAuthCallbackScreen.js")),
  leads: lazyScreen(() => import("./screens/leads/LeadsScreen.js")),
  login: lazyScreen(() => import("./screens/session/LoginScreen.js")),
  forgotPassword: lazyScreen(() => import("./screens/session/ForgotPasswordScreen.js")),
  landing: lazyScreen(() => import("./screens/session/LandingScreen.js")),
  invoker: lazyScreen(() => import("./screens/session/InvokerScreen.js")),
  settings: lazyScreen(() => import("./screens/settings/SettingsScreen.js")),
  developer: lazyScreen(() => import("./screens/developer/DeveloperScreen.js")),
  notFound: lazyScreen(() => import("./screens/errors/NotFoundScreen.js")),
  serverError: lazyScreen(() => import("./screens/errors/ServerErrorScreen.js")),
  timelineError: lazyScreen(() => import("./screens/errors/TimelineErrorScreen.js")),
};

export const routes: readonly RouteDef[] = paths.map((p) => ({ ...p, screen: screens[p.screenKey] }));

/** The screen of an unmatched path: 404 "Page not found: {path}". */
export const notFoundScreen = screens.notFound;
/** The screen shown when a screen throws while rendering. */
export const serverErrorScreen = screens.serverError;
