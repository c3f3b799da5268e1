/**
 * What text the API accepts, in one place: every string a request carries may hold neither a NUL
 * character (`\u0000`, which PostgreSQL text and jsonb cannot store) nor an unpaired UTF-16
 * surrogate (half of a character, which cannot be encoded as UTF-8), and every number is finite
 * and a safe integer's size at most. `TEXT_LIMITS` holds the longest free text of each kind.
 */
import * as v from "valibot";

/**
 * The longest free text of each kind, in UTF-16 code units (JavaScript `length`). One table, so
 * every name, title and body of the API is cut at the same length.
 */
export const TEXT_LIMITS = {
  /** Names of people, accounts, webinars, agents, hosts, presenters, integrations, tags, files. */
  name: 200,
  /** A domain name (RFC 1035: 253 characters). */
  domain: 253,
  /** An email address (RFC 5321 path: 254 characters). */
  email: 254,
  /** Titles and subjects: a webinar or timeline title, an email subject, a CTA headline. */
  title: 300,
  /** A web address. */
  url: 2048,
  /** Short texts: a text message, a chat line, an answer to a registration question. */
  short: 2000,
  /** Descriptions and notes. */
  description: 10_000,
  /** Email and page bodies (HTML), custom code and CSS. */
  body: 100_000,
} as const;

/** Integers stored in PostgreSQL `integer` columns (seconds, minutes, counts, pages). */
export const INT4_MAX = 2_147_483_647;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a string cannot be stored as text, or undefined when it can.
 *
 * @example
 * textProblem("a\u0000b"); // "contains a NUL character (\\u0000), which text cannot hold"
 * textProblem("Café"); // undefined
 */
export function textProblem(value: string): string | undefined {
  if (value.includes("\u0000")) return "contains a NUL character (\\u0000), which text cannot hold";
  if (LONE_SURROGATE.test(value)) return "contains a broken character (an unpaired UTF-16 surrogate)";
  return undefined;
}

/**
 * Why a number cannot be taken as a request value, or undefined when it can: JSON can spell
 * `1e400` (Infinity) and `1e308`, which no field of the API means.
 *
 * @example
 * numberProblem(1e308); // "is too large (at most 9007199254740991)"
 */
export function numberProblem(value: number): string | undefined {
  if (!Number.isFinite(value)) return "must be a finite number";
  if (Math.abs(value) > Number.MAX_SAFE_INTEGER) return `is too large (at most ${Number.MAX_SAFE_INTEGER})`;
  return undefined;
}

/** A problem found in a request value, with the dot path of the field it is in. */
export interface InputProblem {
  /** `blocks.-1.0.model.message`; "" for the value itself. */
  field: string;
  /** A sentence naming the field. */
  message: string;
}

const named = (field: string, problem: string) => (field === "" ? `The value ${problem}.` : `"${field}" ${problem}.`);

/**
 * The first string (or object key) that cannot be stored as text, or number out of range, anywhere
 * in a request value — JSON, a query or multipart fields (a `File`'s name is checked as text).
 * The server runs it on every request input before the route's schema, so free-form values
 * (settings, custom fields, credentials) are held to the same rule as declared fields.
 *
 * @example
 * findInputProblem({ name: "a\u0000b" });
 * // { field: "name", message: "\"name\" contains a NUL character (\\u0000), which text cannot hold." }
 */
export function findInputProblem(value: unknown, path = ""): InputProblem | undefined {
  if (typeof value === "string") {
    const problem = textProblem(value);
    return problem ? { field: path, message: named(path, problem) } : undefined;
  }
  if (typeof value === "number") {
    const problem = numberProblem(value);
    return problem ? { field: path, message: named(path, problem) } : undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  if (typeof File !== "undefined" && value instanceof File) {
    const problem = textProblem(value.name);
    return problem ? { field: path, message: `The file name of ${path === "" ? "the file" : `"${path}"`} ${problem}.` } : undefined;
  }
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, i) => [String(i), item]) : Object.entries(value);
  for (const [key, item] of entries) {
    const field = path === "" ? key : `${path}.${key}`;
    const keyProblem = textProblem(key);
    if (keyProblem) return { field: path, message: named(path, `has a field name that ${keyProblem}`) };
    const found = findInputProblem(item, field);
    if (found) return found;
  }
  return undefined;
}

/**
 * Text that can be stored: no NUL, no unpaired surrogate (see `textProblem`).
 *
 * @example
 * v.pipe(v.string(), cleanText());
 */
/* @__NO_SIDE_EFFECTS__ */
export function cleanText() {
  return v.rawCheck<string>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = textProblem(dataset.value);
    if (problem) addIssue({ message: `The text ${problem}.` });
  });
}

/**
 * Free text of at most `max` characters (a `TEXT_LIMITS` entry) that can be stored.
 *
 * @example
 * const NameSchema = text(TEXT_LIMITS.name);
 * v.safeParse(NameSchema, "x".repeat(201)).issues?.[0].message; // "Use at most 200 characters."
 */
/* @__NO_SIDE_EFFECTS__ */
export function text(max: number) {
  return v.pipe(v.string(), cleanText(), v.maxLength(max, `Use at most ${max.toLocaleString("en-US")} characters.`));
}
