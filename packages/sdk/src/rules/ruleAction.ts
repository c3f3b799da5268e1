import * as v from "valibot";
import type { RuleResult } from "./result.js";

/**
 * Turns a `checkX` function into a valibot pipe action, so a schema reports exactly the message the
 * plain function returns. Runs only on a value the earlier pipe items accepted (typed), so a
 * non-string never reaches a string rule.
 *
 * @example
 * const Schema = v.pipe(v.string(), v.trim(), ruleAction(checkEmail));
 * v.safeParse(Schema, " a@b.c ").issues?.[0].message;
 * // "The email address must end in a 2 to 10 letter suffix, like .com or .co.uk."
 */
/* @__NO_SIDE_EFFECTS__ */
export function ruleAction<TInput>(check: (value: TInput) => RuleResult): v.RawCheckAction<TInput> {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const result = check(dataset.value);
    if (!result.ok) addIssue({ message: result.message });
  });
}
