import { COLOR_MODE_PREFERENCES, COLOR_MODE_STORAGE_KEY, type ColorModePreference } from "@cuepoint/sdk";
import { useEffect } from "react";
import { createStore, useStore } from "../lib/store.js";

/*
 * Colour mode (spec §4): the preference (system, light, dark) is stored under `nuxt-color-mode`;
 * with `system` the page follows the OS dark-scheme setting live; a route may force light or dark
 * through its metadata (forcing `system` is ignored).
 */

/** Whether this browser has a stored choice (a fresh browser adopts the profile's theme). */
export const hasStoredPreference = (): boolean => {
  try {
    return localStorage.getItem(COLOR_MODE_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
};

const readPreference = (): ColorModePreference => {
  try {
    const stored = localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    return (COLOR_MODE_PREFERENCES as readonly string[]).includes(stored ?? "") ? (stored as ColorModePreference) : "system";
  } catch {
    return "system";
  }
};

export const colorModePreference = createStore<ColorModePreference>(readPreference());

/**
 * Stores the preference (the settings screen also sends it to the server with `updateTheme`).
 *
 * @example
 * setColorModePreference("dark");
 */
export function setColorModePreference(preference: ColorModePreference): void {
  try {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, preference);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
  colorModePreference.set(preference);
}

/**
 * The mode shown: a forced route mode wins (unless it is `system`), else the preference, with
 * `system` resolved from the OS setting.
 *
 * @example
 * resolveColorMode("system", undefined, true); // "dark"
 * resolveColorMode("dark", "light", false); // "light"
 */
export function resolveColorMode(
  preference: ColorModePreference,
  forced: ColorModePreference | undefined,
  osPrefersDark: boolean,
): "light" | "dark" {
  const wanted = forced && forced !== "system" ? forced : preference;
  return wanted === "system" ? (osPrefersDark ? "dark" : "light") : wanted;
}

const darkQuery = () => matchMedia("(prefers-color-scheme: dark)");

/**
 * Applies the colour mode to `<html data-color-mode>` and follows the OS while the preference is
 * `system`. Used once by the app shell with the current route's forced mode.
 */
export function useColorModeEffect(forced: ColorModePreference | undefined): void {
  const preference = useStore(colorModePreference);
  useEffect(() => {
    const query = darkQuery();
    const apply = () => {
      document.documentElement.dataset.colorMode = resolveColorMode(preference, forced, query.matches);
    };
    apply();
    query.addEventListener("change", apply);
    return () => query.removeEventListener("change", apply);
  }, [preference, forced]);
}

/** The stored preference. @example const preference = useColorModePreference(); */
export const useColorModePreference = (): ColorModePreference => useStore(colorModePreference);
