/**
 * The one result shape every rule returns, so a form, a widget and the server can show the same
 * message. `message` is written for the person who has to fix the value.
 */
export type RuleResult = { readonly ok: true } | { readonly ok: false; readonly message: string };

/**
 * A passing rule result.
 *
 * @example
 * pass(); // { ok: true }
 */
/* @__NO_SIDE_EFFECTS__ */
export function pass(): RuleResult {
  return { ok: true };
}

/**
 * A failing rule result carrying a message a person can act on.
 *
 * @example
 * fail("Enter an email address."); // { ok: false, message: "Enter an email address." }
 */
/* @__NO_SIDE_EFFECTS__ */
export function fail(message: string): RuleResult {
  return { ok: false, message };
}
