import { fail, pass, type RuleResult } from "../result.js";
import { isIpAddress, isPublicAddress } from "./publicAddress.js";

const STARTS_WITH_HTTP = /^https?:\/\/[^/\\]/i;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Names that are local by definition: RFC 6761 `localhost`, mDNS `.local`, `.internal`, `home.arpa`. */
const LOCAL_NAME = /(?:^|\.)(?:localhost|local|internal|home\.arpa)$/;

export interface TargetUrlOptions {
  /**
   * The operator lets addresses into private networks through (the server's
   * `CUEPOINT_ALLOW_PRIVATE_TARGETS`: tests, on-premise services). Default false.
   */
  allowPrivate?: boolean;
  /** How the sentence names the address ("Webhook address"); default "The web address". */
  label?: string;
}

/**
 * Why the server does not connect to an address: the one sentence for it, from the SDK's rule,
 * the integration test and the server's check of resolved addresses alike.
 *
 * @example
 * privateTargetMessage("Webhook address");
 * // "Webhook address points to a private or local network address, which Cuepoint does not connect to."
 */
export const privateTargetMessage = (label = "The web address"): string =>
  `${label} points to a private or local network address, which Cuepoint does not connect to.`;

/**
 * The rule for addresses the server itself calls because a person typed them (a webhook, an API
 * URL): `http://` or `https://`, no user name or password, a host that is a domain name or an IP
 * address — and, unless `allowPrivate`, one that is not private or local: an IP address in a
 * special-purpose block of the IANA registries (`isPublicAddress`, every spelling) or a local
 * name (`localhost`, `*.local`, a single label). The server applies the same rule again to every
 * address a name resolves to, and connects to the address it checked.
 *
 * @example
 * checkTargetUrl("https://hooks.example.com/in"); // { ok: true }
 * checkTargetUrl("http://127.0.0.1:8080/hook");
 * // { ok: false, message: "The web address points to a private or local network address, which Cuepoint does not connect to." }
 * checkTargetUrl("http://127.0.0.1:8080/hook", { allowPrivate: true }); // { ok: true }
 */
export function checkTargetUrl(value: string, options: TargetUrlOptions = {}): RuleResult {
  const label = options.label ?? "The web address";
  if (value.trim().length === 0) return fail(`Enter the ${lower(label)}.`);
  if (/\s/.test(value)) return fail(`Remove the spaces from the ${lower(label)}.`);
  if (!STARTS_WITH_HTTP.test(value)) return fail(`${label} must begin with http:// or https://.`);
  if (value.includes("\\")) return fail(`Use forward slashes (/) in the ${lower(label)}, not backslashes.`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail(`${label} is not a valid web address, like https://example.com.`);
  }
  if (url.username !== "" || url.password !== "") {
    return fail(`Remove the user name and password (the part before @) from the ${lower(label)}.`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIpAddress(host)) {
    return options.allowPrivate || isPublicAddress(host) ? pass() : fail(privateTargetMessage(label));
  }
  const labels = host.replace(/\.$/, "").split(".");
  if (!labels.every((part) => LABEL.test(part))) return fail(`${label} needs a valid domain, like https://example.com.`);
  if (!options.allowPrivate && (labels.length < 2 || LOCAL_NAME.test(host))) return fail(privateTargetMessage(label));
  return pass();
}

const lower = (label: string) => (label === "The web address" ? "web address" : label.charAt(0).toLowerCase() + label.slice(1));
