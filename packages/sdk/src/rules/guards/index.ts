export {
  ROUTE_GUARDS,
  checkGuard,
  shouldRedirectOnUnauthorized,
  skipsSessionCheck,
  type GuardContext,
  type GuardRedirect,
  type GuardResult,
  type RouteGuard,
} from "./guards.js";
