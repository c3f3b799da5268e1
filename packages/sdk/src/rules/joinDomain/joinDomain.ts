import { fail, pass, type RuleResult } from "../result.js";

/**
 * A join domain: a host name the server's operator pointed at this server (`CUEPOINT_JOIN_DOMAINS`),
 * on which a timeline's public pages and personal links can live instead of the server's own
 * address (spec §3 `general.joinDomain`, §9 "Custom join domains: a list of six").
 */
export interface JoinDomain {
  /** What a timeline's `general.joinDomain` holds: the host, with its port when it has one (`events.example.com`). */
  domain: string;
  /** Where its links go: `https://events.example.com` (http only where the operator wrote `http://`). */
  url: string;
}

/** The most join domains one server lists (spec §9). */
export const MAX_JOIN_DOMAINS = 6;

const normalize = (value: string): string => value.trim().toLowerCase();

/**
 * The listed join domain a timeline's `general.joinDomain` names, or undefined for the server's
 * own address (an empty value, or a domain the operator no longer lists).
 *
 * @example
 * findJoinDomain("Events.Example.com", [{ domain: "events.example.com", url: "https://events.example.com" }])?.url;
 * // "https://events.example.com"
 */
export function findJoinDomain(value: string, domains: readonly JoinDomain[]): JoinDomain | undefined {
  const wanted = normalize(value);
  return wanted === "" ? undefined : domains.find((d) => d.domain === wanted);
}

/**
 * Checks a timeline's `general.joinDomain` against the server's list: empty (the server's own
 * address) or one of the listed domains.
 *
 * @example
 * checkJoinDomain("", []); // { ok: true }
 * checkJoinDomain("events.example.com", []); // { ok: false, message: "This server has no join domains: …" }
 */
export function checkJoinDomain(value: string, domains: readonly JoinDomain[]): RuleResult {
  if (normalize(value) === "" || findJoinDomain(value, domains)) return pass();
  if (domains.length === 0) {
    return fail(
      `"${value.trim()}" is not a join domain of this server: it lists none, so leave the join domain empty ` +
        "(links use Cuepoint's own address).",
    );
  }
  return fail(
    `"${value.trim()}" is not a join domain of this server: pick one of ${domains.map((d) => d.domain).join(", ")}, ` +
      "or leave it empty for Cuepoint's own address.",
  );
}
