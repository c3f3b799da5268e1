import { fail, pass, type RuleResult } from "../result.js";

/**
 * The characters spec §5's "special characters" check looks for: ASCII punctuation and symbols
 * except hyphen, underscore and period, which are normal in names, slugs and file names.
 * Letters of any script, digits, spaces, `-`, `_`, `.` and non-ASCII symbols are not special.
 * Used apart from the URL rules (a full URL always holds `:` and `/`).
 */
export const SPECIAL_CHARACTERS = "!\"#$%&'()*+,/:;<=>?@[\\]^`{|}~";

/**
 * True when `value` contains any of {@link SPECIAL_CHARACTERS}.
 *
 * @example
 * hasSpecialCharacters("Spring launch 2024"); // false
 * hasSpecialCharacters("launch-day_v2.final"); // false
 * hasSpecialCharacters("launch{day}"); // true
 */
export function hasSpecialCharacters(value: string): boolean {
  for (const char of value) if (SPECIAL_CHARACTERS.includes(char)) return true;
  return false;
}

/**
 * Fails when `value` contains special characters, naming the ones found so they can be removed.
 *
 * @example
 * checkNoSpecialCharacters("a{b}");
 * // { ok: false, message: "Remove these characters: { }" }
 */
export function checkNoSpecialCharacters(value: string): RuleResult {
  const found = [...new Set([...value].filter((char) => SPECIAL_CHARACTERS.includes(char)))];
  return found.length === 0 ? pass() : fail(`Remove these characters: ${found.join(" ")}`);
}
