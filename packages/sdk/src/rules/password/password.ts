import * as v from "valibot";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../constants.js";
import { fail, pass, type RuleResult } from "../result.js";
import { ruleAction } from "../ruleAction.js";

/** One requirement of the password rule (spec §5), in the order a checklist shows them. */
export type PasswordRequirement =
  | "minLength"
  | "maxLength"
  | "digit"
  | "lowercase"
  | "uppercase"
  | "special"
  | "noWhitespace";

/** A requirement with the short label a live checklist shows next to its tick. */
export interface PasswordRequirementInfo {
  readonly requirement: PasswordRequirement;
  readonly label: string;
}

/** An unmet requirement and the sentence that tells the person what to add or remove. */
export interface PasswordProblem {
  readonly requirement: PasswordRequirement;
  readonly message: string;
}

/**
 * Every requirement, for a checklist that shows all of them and ticks the met ones.
 *
 * Character classes (our reading of "digit, lowercase, uppercase and special character"):
 * - lowercase / uppercase: any cased letter in any script (`\p{Ll}` / `\p{Lu}`), so "é" counts;
 * - digit: any decimal digit (`\p{Nd}`);
 * - special: anything that is not a letter, a number or whitespace — `! @ # $ % ^ & * ( ) - _ …`,
 *   and also symbols such as `€` or an emoji.
 * Length counts characters as a person does (code points), so an emoji counts once.
 */
export const PASSWORD_REQUIREMENTS: readonly PasswordRequirementInfo[] = [
  { requirement: "minLength", label: `At least ${PASSWORD_MIN_LENGTH} characters` },
  { requirement: "maxLength", label: `At most ${PASSWORD_MAX_LENGTH} characters` },
  { requirement: "digit", label: "A digit (0-9)" },
  { requirement: "lowercase", label: "A lowercase letter" },
  { requirement: "uppercase", label: "An uppercase letter" },
  { requirement: "special", label: "A special character, like ! @ # $" },
  { requirement: "noWhitespace", label: "No spaces" },
];

const HAS = {
  digit: /\p{Nd}/u,
  lowercase: /\p{Ll}/u,
  uppercase: /\p{Lu}/u,
  special: /[^\p{L}\p{N}\s]/u,
  whitespace: /\s/u,
} as const;

/** The noun each "at least one …" requirement asks for. */
const ONE_OF = {
  digit: "digit",
  lowercase: "lowercase letter",
  uppercase: "uppercase letter",
  special: "special character (like ! @ # $)",
} as const;

/**
 * Lists every unmet password requirement, in {@link PASSWORD_REQUIREMENTS} order — for a live
 * checklist. An empty list means the password is acceptable.
 *
 * @example
 * passwordProblems("secret").map((p) => p.requirement);
 * // ["minLength", "digit", "uppercase", "special"]
 */
export function passwordProblems(password: string): PasswordProblem[] {
  const length = [...password].length;
  const problems: PasswordProblem[] = [];
  if (length < PASSWORD_MIN_LENGTH) {
    problems.push({
      requirement: "minLength",
      message: `Password needs at least ${PASSWORD_MIN_LENGTH} characters (it has ${length}).`,
    });
  }
  if (length > PASSWORD_MAX_LENGTH) {
    problems.push({
      requirement: "maxLength",
      message: `Password can have at most ${PASSWORD_MAX_LENGTH} characters (it has ${length}).`,
    });
  }
  for (const requirement of ["digit", "lowercase", "uppercase", "special"] as const) {
    if (!HAS[requirement].test(password)) {
      problems.push({ requirement, message: `Password needs at least one ${ONE_OF[requirement]}.` });
    }
  }
  if (HAS.whitespace.test(password)) {
    problems.push({
      requirement: "noWhitespace",
      message: "Password can't contain spaces or other whitespace.",
    });
  }
  return problems;
}

/**
 * Checks a password against spec §5. The message names everything that is missing, in one
 * paragraph: "Password needs at least one digit and one uppercase letter."
 *
 * @example
 * checkPassword("Webinar#2024"); // { ok: true }
 * checkPassword("webinar#2024");
 * // { ok: false, message: "Password needs at least one uppercase letter." }
 */
export function checkPassword(password: string): RuleResult {
  const problems = passwordProblems(password);
  if (problems.length === 0) return pass();
  const only = problems.length === 1 ? problems[0] : undefined;
  if (only) return fail(only.message);

  const sentences: string[] = [];
  const nouns: string[] = [];
  for (const { requirement, message } of problems) {
    if (requirement in ONE_OF) nouns.push(ONE_OF[requirement as keyof typeof ONE_OF]);
    else if (requirement !== "noWhitespace") sentences.push(message);
  }
  if (nouns.length > 0) {
    const subject = sentences.length > 0 ? "It also needs" : "Password needs";
    sentences.push(`${subject} at least ${joinAnd(nouns.map((noun) => `one ${noun}`))}.`);
  }
  if (problems.some((problem) => problem.requirement === "noWhitespace")) {
    sentences.push(sentences.length > 0 ? "Remove any spaces." : "Password can't contain spaces or other whitespace.");
  }
  return fail(sentences.join(" "));
}

function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/**
 * The password rule as a valibot pipe piece: `v.pipe(v.string(), PasswordRule)`.
 *
 * @example
 * v.is(v.pipe(v.string(), PasswordRule), "Webinar#2024"); // true
 */
export const PasswordRule = /* @__PURE__ */ ruleAction(checkPassword);

/**
 * A string that is an acceptable password (spec §5), failing with {@link checkPassword}'s message.
 *
 * @example
 * v.safeParse(PasswordSchema, "short").success; // false
 */
export const PasswordSchema = /* @__PURE__ */ v.pipe(v.string("Enter a password."), PasswordRule);
