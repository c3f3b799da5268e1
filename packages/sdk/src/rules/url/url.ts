import * as v from "valibot";
import { fail, pass, type RuleResult } from "../result.js";
import { ruleAction } from "../ruleAction.js";

const STARTS_WITH_HTTP = /^https?:\/\/[^/\\]/i;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A domain suffix: letters only, or the punycode form of an internationalised one (`xn--p1ai`). */
const SUFFIX = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * Checks a web address against spec §5: it begins with `http://` or `https://` (any case) and its
 * host is a domain name with a valid suffix. Our reading of "valid domain suffix": the host has at
 * least two labels and the last is 2+ letters (or punycode), so `localhost`, IP addresses and
 * `example.c0m` are refused. Also refused, because a link given to registrants should not carry
 * them: whitespace, backslashes, and a user name or password before the host (the
 * `https://bank.com@evil.example` trick).
 *
 * @example
 * checkUrl("https://example.com/join?id=1"); // { ok: true }
 * checkUrl("example.com");
 * // { ok: false, message: "The web address must begin with http:// or https://." }
 */
export function checkUrl(value: string): RuleResult {
  if (value.length === 0) return fail("Enter a web address.");
  if (/\s/.test(value)) return fail("Remove the spaces from the web address.");
  if (!STARTS_WITH_HTTP.test(value)) return fail("The web address must begin with http:// or https://.");
  if (value.includes("\\")) return fail("Use forward slashes (/) in the web address, not backslashes.");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail("Enter a valid web address, like https://example.com.");
  }
  if (url.username !== "" || url.password !== "") {
    return fail("Remove the user name and password (the part before @) from the web address.");
  }
  const labels = url.hostname.split(".");
  const suffix = labels[labels.length - 1] ?? "";
  if (labels.length < 2 || !SUFFIX.test(suffix)) {
    return fail("The web address needs a domain with a suffix, like example.com or example.org.");
  }
  if (!labels.every((label) => LABEL.test(label))) {
    return fail("Enter a valid domain in the web address, like https://example.com.");
  }
  return pass();
}

/**
 * True when `value` is a string that passes {@link checkUrl}.
 *
 * @example
 * isUrl("http://example.com"); // true
 * isUrl("ftp://example.com"); // false
 */
export function isUrl(value: unknown): value is string {
  return typeof value === "string" && checkUrl(value).ok;
}

/**
 * Counts protocols (`scheme://`, any scheme) in `value` after removing braces `{}`, exclamation
 * marks and hyphens — the characters that could hide a second protocol from a plain search
 * (`{https}://`, `ht-tps://`, `{!https}://`).
 *
 * @example
 * countProtocols("https://a.com/?next=ht-tps://b.com"); // 2
 */
export function countProtocols(value: string): number {
  return value.replace(/[{}!-]/g, "").match(/[a-z][a-z0-9+.]*:\/\//gi)?.length ?? 0;
}

/**
 * The stricter URL check of spec §5: a valid {@link checkUrl} address that contains exactly one
 * protocol once braces, exclamation marks and hyphens are removed ({@link countProtocols}).
 *
 * Our reading: the removal only feeds the count, to unmask a second, disguised protocol; it does
 * not repair the address. So `https://x.com/?r={https}://y.com` fails (two protocols), and
 * `{https}://x.com` fails too — it counts one protocol but does not begin with http(s) as typed.
 * Merge-tag placeholders elsewhere in the address (`https://x.com/?e={email}`) are fine.
 *
 * @example
 * checkStrictUrl("https://a.com/page"); // { ok: true }
 * checkStrictUrl("https://a.com/https://b.com");
 * // { ok: false, message: "The web address must contain only one http:// or https:// (found 2)." }
 */
export function checkStrictUrl(value: string): RuleResult {
  const basic = checkUrl(value);
  if (!basic.ok) return basic;
  const protocols = countProtocols(value);
  if (protocols !== 1) {
    return fail(`The web address must contain only one http:// or https:// (found ${protocols}).`);
  }
  return pass();
}

/**
 * True when `value` is a string that passes {@link checkStrictUrl}.
 *
 * @example
 * isStrictUrl("https://a.com/https://b.com"); // false
 */
export function isStrictUrl(value: unknown): value is string {
  return typeof value === "string" && checkStrictUrl(value).ok;
}

/**
 * The URL rule as a valibot pipe piece: `v.pipe(v.string(), v.trim(), UrlRule)`.
 *
 * @example
 * v.is(v.pipe(v.string(), UrlRule), "https://example.com"); // true
 */
export const UrlRule = /* @__PURE__ */ ruleAction(checkUrl);

/**
 * A string that is a web address (spec §5), failing with {@link checkUrl}'s message.
 *
 * @example
 * v.safeParse(UrlSchema, "example.com").success; // false
 */
export const UrlSchema = /* @__PURE__ */ v.pipe(v.string("Enter a web address."), UrlRule);

/**
 * The strict URL rule as a valibot pipe piece.
 *
 * @example
 * v.is(v.pipe(v.string(), StrictUrlRule), "https://a.com/https://b.com"); // false
 */
export const StrictUrlRule = /* @__PURE__ */ ruleAction(checkStrictUrl);

/**
 * A string that passes the strict URL check, failing with {@link checkStrictUrl}'s message.
 *
 * @example
 * v.safeParse(StrictUrlSchema, "https://a.com/https://b.com").success; // false
 */
export const StrictUrlSchema = /* @__PURE__ */ v.pipe(v.string("Enter a web address."), StrictUrlRule);
