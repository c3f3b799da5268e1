import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isPublicAddress, privateTargetMessage } from "@cuepoint/sdk";
import { allowPrivateTargets } from "./endpoints.js";
import { ServiceError } from "./serviceCall.js";

/** A resolved address the server checked and will connect to. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves a host a person typed, once, and refuses it when any of its addresses is not public
 * (the SDK's `isPublicAddress`: the IANA special-purpose registries, every spelling — the same
 * table the SDK's `checkTargetUrl` judges typed addresses by, with the same sentence), unless
 * `CUEPOINT_ALLOW_PRIVATE_TARGETS`. Answers the addresses, so the connection goes to the very
 * address checked (`exchange`'s `pin`, the SMTP transport's host): a name that resolves to
 * something else a moment later (DNS rebinding) is never looked up again.
 */
export async function publicAddresses(host: string, label: string): Promise<string[]> {
  return (await checkedAddresses(host, label)).map((entry) => entry.address);
}

/** {@link publicAddresses} with each address's family, for a connection's `lookup`. */
export async function checkedAddresses(host: string, label: string): Promise<CheckedAddress[]> {
  const bare = host.replace(/^\[|\]$/g, "");
  let addresses: CheckedAddress[];
  try {
    const family = isIP(bare);
    addresses = family ? [{ address: bare, family: family as 4 | 6 }] : (await lookup(bare, { all: true, verbatim: true })).map((entry) => ({ address: entry.address, family: entry.family as 4 | 6 }));
  } catch {
    throw new ServiceError(`${label}: the host "${host}" could not be found.`, "refused");
  }
  if (addresses.length === 0) throw new ServiceError(`${label}: the host "${host}" could not be found.`, "refused");
  if (!allowPrivateTargets() && !addresses.every((entry) => isPublicAddress(entry.address))) {
    throw new ServiceError(`${label}: ${privateTargetMessage(`"${host}"`)}`, "refused");
  }
  return addresses;
}

/**
 * The address to connect to for a URL a person typed: resolved and checked once
 * ({@link checkedAddresses}); pass it as `pin` to `exchange`.
 *
 * @example
 * const pin = await pinnedAddress(new URL(webhook), "Webhook");
 * await exchange("Webhook", webhook, { raw: body, pin });
 */
export async function pinnedAddress(url: URL, label: string): Promise<CheckedAddress> {
  const [first] = await checkedAddresses(url.hostname, label);
  return first as CheckedAddress;
}
