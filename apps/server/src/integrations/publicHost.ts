import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { allowPrivateTargets } from "./endpoints.js";
import { ServiceError } from "./serviceCall.js";

/** Loopback, private, link-local, carrier-grade NAT, multicast and reserved ranges. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  PRIVATE.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, "ipv6");
}

function isPrivate(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, "ipv4");
  return PRIVATE.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/**
 * Resolves a host a person typed and refuses it when any of its addresses is private, so
 * "test my webhook" or "test my SMTP server" cannot reach the server's own network. Answers the
 * addresses, so a raw connection (SMTP) can connect to the very address checked. A fetch resolves
 * again, which leaves DNS rebinding between the two look-ups open: pinning needs a custom
 * dispatcher (undici), a step for later.
 */
export async function publicAddresses(host: string, label: string): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(bare) ? [bare] : (await lookup(bare, { all: true })).map((entry) => entry.address);
  } catch {
    throw new ServiceError(`${label}: the host "${host}" could not be found.`, "refused");
  }
  if (!allowPrivateTargets() && addresses.some(isPrivate)) {
    throw new ServiceError(
      `${label}: "${host}" is a private network address, which this server does not connect to.`,
      "refused",
    );
  }
  return addresses;
}
