import { Component, Suspense, useEffect, useRef, type ErrorInfo, type ReactNode } from "react";
import { checkGuard } from "@cuepoint/sdk";
import { matchRoute, Redirect, useLocation, useRouter } from "wouter";
import { currentHashAnchor } from "../lib/hashLocation.js";
import { PRODUCT_NAME, redirects } from "../config/paths.js";
import { notFoundScreen, routes, serverErrorScreen, type RouteDef } from "../routes.js";
import { useColorModeEffect } from "../session/colorMode.js";
import { onRouteChange, useSession } from "../session/session.js";
import { hasSession } from "../session/token.js";
import { CurrentRouteContext } from "./currentRoute.js";
import { AppLayout, BareLayout } from "./Layout.js";

/** The route of `path` and its parameters, or undefined (404). */
export function findRoute(
  parser: Parameters<typeof matchRoute>[0],
  path: string,
): { route: RouteDef; params: Record<string, string | undefined> } | undefined {
  for (const route of routes) {
    const [matched, params] = matchRoute(parser, route.path, path);
    if (matched) return { route, params: (params ?? {}) as Record<string, string | undefined> };
  }
  return undefined;
}

class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("A screen failed to render:", error, info.componentStack);
  }
  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }
  override render() {
    const ServerError = serverErrorScreen;
    return this.state.error ? <ServerError params={{ message: this.state.error.message }} /> : this.props.children;
  }
}

const Loading = () => (
  <div className="list-state" role="status">
    <div className="spinner" aria-hidden="true" />
    Loading…
  </div>
);

/**
 * Resolves the current path against the route table: redirects (/upcoming), guards (spec §6),
 * title, scroll (top, or the anchor), forced colour mode, the layout, and the lazy screen inside an
 * error boundary. Unmatched paths render 404 "Page not found: {path}".
 */
export function RouteView() {
  const [location] = useLocation();
  const router = useRouter();
  const session = useSession();
  const match = findRoute(router.parser, location);
  const previous = useRef<string | undefined>(undefined);

  useColorModeEffect(match?.route.meta.colorMode);

  useEffect(() => {
    onRouteChange(previous.current, location);
    previous.current = location;
    document.title = match ? (match.route.path === "/" ? PRODUCT_NAME : `${match.route.title} · ${PRODUCT_NAME}`) : `Page Not Found · ${PRODUCT_NAME}`;
    const anchor = currentHashAnchor();
    const target = anchor ? document.getElementById(anchor) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, match?.route]);

  const redirect = redirects[location];
  // Keyed: two redirects in a row must each run (wouter's Redirect navigates once per mount).
  if (redirect) return <Redirect key={redirect} to={redirect} replace />;

  if (match && match.route.guard !== "none") {
    const decision = checkGuard(match.route.guard, { loggedIn: hasSession(), path: location });
    if (!decision.allow) return <Redirect key={decision.redirect} to={decision.redirect} replace />;
  }

  const Screen = match?.route.screen ?? notFoundScreen;
  const params = match ? match.params : { path: location };
  const loggedIn = session.status !== "anonymous";
  const bare = !loggedIn || match?.route.meta.layout === "bare";
  const page = (
    <CurrentRouteContext.Provider value={match?.route}>
      <ErrorBoundary resetKey={location}>
        <Suspense fallback={<Loading />}>
          <Screen params={params} />
        </Suspense>
      </ErrorBoundary>
    </CurrentRouteContext.Provider>
  );
  return bare ? <BareLayout>{page}</BareLayout> : <AppLayout routeName={match?.route.name}>{page}</AppLayout>;
}
