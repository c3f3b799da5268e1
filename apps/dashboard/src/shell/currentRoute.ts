import { createContext, useContext } from "react";
import type { PathDef, RouteMeta } from "../config/paths.js";

/** The matched route of the page being shown (undefined on the 404 of an unmatched path). */
export const CurrentRouteContext = createContext<PathDef | undefined>(undefined);

/**
 * The current route's metadata (`mediaView`, `callback`, `backup`, …).
 *
 * @example
 * const { mediaView = "library" } = useRouteMeta();
 */
export const useRouteMeta = (): RouteMeta => useContext(CurrentRouteContext)?.meta ?? {};

/** The current route (name, path, title, guard, meta). @example const route = useCurrentRoute(); */
export const useCurrentRoute = (): PathDef | undefined => useContext(CurrentRouteContext);
