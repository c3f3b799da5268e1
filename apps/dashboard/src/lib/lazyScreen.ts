import { lazy, type ComponentType } from "react";
import { currentHashPath } from "./hashLocation.js";
import { reloadTo } from "./reloadGuard.js";

/** What every screen receives from the router. */
export interface ScreenProps {
  /** Path parameters of the matched route (`{ id: "42" }` for `/timelines/:id`). */
  params: Record<string, string | undefined>;
}

/** A lazily loaded screen: the module's default export, loaded on first visit. */
export type LazyScreen = ComponentType<ScreenProps> & { preload: () => Promise<unknown> };

const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(
    error.message,
  );

/**
 * A route-level code-split screen. A chunk that fails to load (a new deployment removed it) makes
 * a full reload of the target path (spec §4, §8), guarded against loops by the reload guard.
 *
 * @example
 * const LeadsScreen = lazyScreen(() => import("./screens/leads/LeadsScreen.js"));
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType<ScreenProps> }>): LazyScreen {
  let pending: Promise<{ default: ComponentType<ScreenProps> }> | undefined;
  const preload = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      if (isChunkLoadError(error) && reloadTo(currentHashPath())) return new Promise<never>(() => {});
      throw error;
    }));
  return Object.assign(lazy(preload), { preload });
}
