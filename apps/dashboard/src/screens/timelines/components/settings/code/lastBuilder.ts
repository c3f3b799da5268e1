import { PAGE_BUILDERS } from "../pageBuilders.js";

const KEY_PREFIX = "cuepoint:code-builder:";
const known = (builder: string | null | undefined): builder is string => !!builder && PAGE_BUILDERS.some((b) => b.value === builder);

/**
 * The builder the Code section shows first for a timeline: the host's last pick there (kept in
 * this browser), else the page builder saved in the timeline's Registration settings, else plain HTML.
 *
 * @example
 * initialBuilder("42", master.setting.page.builder); // "kajabi"
 */
export function initialBuilder(timelineID: string, savedBuilder: string | undefined): string {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(KEY_PREFIX + timelineID);
  } catch {
    // Storage may be off (private mode, blocked cookies): fall back to the saved setting.
  }
  if (known(stored)) return stored;
  return known(savedBuilder) ? savedBuilder : "html";
}

/**
 * Remembers the host's pick for a timeline, in this browser only.
 *
 * @example
 * rememberBuilder("42", "leadpages");
 */
export function rememberBuilder(timelineID: string, builder: string): void {
  try {
    localStorage.setItem(KEY_PREFIX + timelineID, builder);
  } catch {
    // Not remembered; the picker still works.
  }
}
