import { RELOAD_GUARD_MS } from "@cuepoint/sdk";

const KEY = "cuepoint:reload";

interface Stored {
  path: string;
  at: number;
}

const read = (): Stored | undefined => {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Stored | null;
    return value && typeof value.path === "string" && typeof value.at === "number" ? value : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Full reload of `path` (a dashboard path), remembered for 10 seconds (spec §4, §9): a second reload
 * of the same path inside that window is refused (returns false), so a chunk that is truly gone
 * shows an error instead of reloading forever.
 *
 * @example
 * if (!reloadTo("/leads")) showError();
 */
export function reloadTo(path: string, now = Date.now()): boolean {
  const last = read();
  if (last && last.path === path && now - last.at < RELOAD_GUARD_MS) return false;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, at: now }));
  } catch {
    // Private mode without storage: reload anyway; the loop risk is the lesser evil.
  }
  const url = new URL(location.href);
  url.hash = path;
  location.assign(url.href);
  location.reload();
  return true;
}

/**
 * The path a reload in the last 10 seconds was aiming for, if any (read at start-up).
 *
 * @example
 * const target = reloadTarget(); // "/leads" or undefined
 */
export function reloadTarget(now = Date.now()): string | undefined {
  const last = read();
  return last && now - last.at < RELOAD_GUARD_MS ? last.path : undefined;
}
