import { findJoinDomain, isIpAddress, MAX_JOIN_DOMAINS, type JoinDomain } from "@cuepoint/sdk";

/** A DNS host name: dot-separated labels of letters, digits and inner hyphens, at least two of them. */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

function hostName(host: string): boolean {
  const labels = host.split(".");
  return host.length <= 253 && labels.length >= 2 && labels.every((label) => LABEL.test(label));
}

/**
 * One entry of `CUEPOINT_JOIN_DOMAINS`: a host name (`events.example.com`, served over https, TLS
 * ended in front of the server), or `http://host[:port]` for a local setup or a test. Throws
 * with what is wrong and how to write it.
 */
export function parseJoinDomain(entry: string): JoinDomain {
  const written = entry.trim();
  const refuse = (why: string) =>
    new Error(`CUEPOINT_JOIN_DOMAINS: "${written}" ${why} Write host names such as events.example.com (or http://events.localhost:3000 for a local setup), separated by commas.`);
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(written);
  let url: URL;
  try {
    url = new URL(hasScheme ? written : `https://${written}`);
  } catch {
    throw refuse("is not a host name.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw refuse("has a scheme other than https:// or http://.");
  if (url.username || url.password) throw refuse("carries a user name or password.");
  if (url.pathname !== "/" || url.search || url.hash || /[/?#]/.test(written.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "")))
    throw refuse("has a path: a join domain is a host name only.");
  const host = url.hostname.replace(/\.$/, "");
  if (isIpAddress(host.replace(/^\[|\]$/g, ""))) throw refuse("is an IP address, not a host name.");
  if (!hostName(host)) throw refuse("is not a host name.");
  const domain = url.port ? `${host}:${url.port}` : host;
  return { domain, url: `${url.protocol}//${domain}` };
}

/**
 * `CUEPOINT_JOIN_DOMAINS`, read once at start-up: comma-separated entries ({@link parseJoinDomain}),
 * at most {@link MAX_JOIN_DOMAINS}, none twice and none the server's own address (`PUBLIC_URL`).
 * Unset or empty: none.
 *
 * @example
 * parseJoinDomains("events.example.com, http://events.localhost:3000", "https://app.example.com");
 * // [{ domain: "events.example.com", url: "https://events.example.com" }, { domain: "events.localhost:3000", url: "http://events.localhost:3000" }]
 */
export function parseJoinDomains(raw: string | undefined, publicURL: string): JoinDomain[] {
  const entries = (raw ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  if (entries.length > MAX_JOIN_DOMAINS) {
    throw new Error(`CUEPOINT_JOIN_DOMAINS lists ${entries.length} domains: a server has at most ${MAX_JOIN_DOMAINS}.`);
  }
  const own = new URL(publicURL).host.toLowerCase();
  const domains: JoinDomain[] = [];
  for (const entry of entries) {
    const parsed = parseJoinDomain(entry);
    if (parsed.domain === own) {
      throw new Error(`CUEPOINT_JOIN_DOMAINS: "${entry}" is the server's own address (PUBLIC_URL): list only the other host names.`);
    }
    if (domains.some((d) => d.domain === parsed.domain)) throw new Error(`CUEPOINT_JOIN_DOMAINS lists "${parsed.domain}" twice.`);
    domains.push(parsed);
  }
  return domains;
}

/**
 * Where a timeline's public links start: its join domain's origin when it names one the server
 * lists, else the server's own address. A domain the operator has since removed falls back to the
 * own address, so a copied, imported or restored timeline never links to a host nobody serves.
 *
 * @example
 * linkBase({ publicURL: "https://app.example.com/", joinDomains }, { joinDomain: "events.example.com" }); // "https://events.example.com"
 * linkBase({ publicURL: "https://app.example.com/", joinDomains }, { joinDomain: "" }); // "https://app.example.com"
 */
export function linkBase(
  config: { publicURL: string; joinDomains?: readonly JoinDomain[] | undefined },
  general: { joinDomain?: string | undefined } | undefined,
): string {
  const found = findJoinDomain(general?.joinDomain ?? "", config.joinDomains ?? []);
  return (found?.url ?? config.publicURL).replace(/\/+$/, "");
}

/** The listed join domain a request's `Host` names, if any (host and port, lower case). */
export function joinDomainOfHost(joinDomains: readonly JoinDomain[], host: string | undefined): JoinDomain | undefined {
  const wanted = (host ?? "").trim().toLowerCase().replace(/\.$/, "");
  if (wanted === "") return undefined;
  return joinDomains.find((d) => d.domain === wanted || d.domain === wanted.replace(/:(443|80)$/, ""));
}
