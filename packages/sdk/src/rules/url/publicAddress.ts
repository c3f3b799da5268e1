/**
 * Which IP addresses are public: the one table of address blocks Cuepoint never connects to when
 * a person typed the address (a webhook, an SMTP host, an API URL), from
 *
 * - the IANA IPv4 Special-Purpose Address Registry
 *   (https://www.iana.org/assignments/iana-ipv4-special-registry/), every entry, plus 224.0.0.0/4
 *   multicast (IPv4 Address Space Registry);
 * - the IANA IPv6 Special-Purpose Address Registry
 *   (https://www.iana.org/assignments/iana-ipv6-special-registry/): only 2000::/3 is global
 *   unicast (IPv6 Address Space Registry), so everything outside it is refused — ::/128, ::1,
 *   the deprecated IPv4-compatible ::/96 (`::127.0.0.1`), 64:ff9b:1::/48, 100::/64, 5f00::/16,
 *   fc00::/7, fe80::/10, multicast — and inside it the registry's blocks below (Teredo and the
 *   rest of 2001::/23, documentation, 6to4 2002::/16, AS112, 3fff::/20).
 *
 * Two IPv6 forms carry an IPv4 address and are judged by it: IPv4-mapped (`::ffff:a.b.c.d`, what
 * the socket really connects to) and the NAT64 well-known prefix (`64:ff9b::a.b.c.d`, which a
 * DNS64 resolver gives for every IPv4-only site). Every spelling of an address is read the way
 * URLs and resolvers read it (`2130706433`, `0x7f.1`, `0177.0.0.1` are all 127.0.0.1).
 */

type Block = readonly [address: string, prefix: number];

const IPV4_SPECIAL: readonly Block[] = [
  ["0.0.0.0", 8], // "This network" (RFC 791)
  ["10.0.0.0", 8], // Private-Use (RFC 1918)
  ["100.64.0.0", 10], // Shared Address Space (RFC 6598)
  ["127.0.0.0", 8], // Loopback (RFC 1122)
  ["169.254.0.0", 16], // Link Local (RFC 3927)
  ["172.16.0.0", 12], // Private-Use (RFC 1918)
  ["192.0.0.0", 24], // IETF Protocol Assignments (RFC 6890), incl. DS-Lite, NAT64 discovery, PCP/TURN anycast
  ["192.0.2.0", 24], // Documentation TEST-NET-1 (RFC 5737)
  ["192.31.196.0", 24], // AS112-v4 (RFC 7535)
  ["192.52.193.0", 24], // AMT (RFC 7450)
  ["192.88.99.0", 24], // Deprecated 6to4 Relay Anycast (RFC 7526)
  ["192.168.0.0", 16], // Private-Use (RFC 1918)
  ["192.175.48.0", 24], // Direct Delegation AS112 Service (RFC 7534)
  ["198.18.0.0", 15], // Benchmarking (RFC 2544)
  ["198.51.100.0", 24], // Documentation TEST-NET-2 (RFC 5737)
  ["203.0.113.0", 24], // Documentation TEST-NET-3 (RFC 5737)
  ["224.0.0.0", 4], // Multicast (RFC 5771)
  ["240.0.0.0", 4], // Reserved (RFC 1112), incl. 255.255.255.255 Limited Broadcast (RFC 919)
];

const IPV6_GLOBAL_UNICAST: Block = ["2000::", 3];

/** Special-purpose blocks inside 2000::/3 (the rest of the registry lies outside it). */
const IPV6_SPECIAL: readonly Block[] = [
  ["2001::", 23], // IETF Protocol Assignments (RFC 2928): Teredo 2001::/32, benchmarking, AMT, AS112, ORCHIDv2, DRIP
  ["2001:db8::", 32], // Documentation (RFC 3849)
  ["2002::", 16], // 6to4 (RFC 3056)
  ["2620:4f:8000::", 48], // Direct Delegation AS112 Service (RFC 7534)
  ["3fff::", 20], // Documentation (RFC 9637)
];

const IPV4_MAPPED: Block = ["::ffff:0:0", 96];
const NAT64_WELL_KNOWN: Block = ["64:ff9b::", 96];

/** An address as bytes (4 or 16), or undefined when `text` is not an IP address. */
function bytesOf(text: string): number[] | undefined {
  const bare = text.trim().replace(/^\[(.*)\]$/, "$1");
  if (bare.includes(":")) return ipv6Bytes(bare);
  return ipv4Bytes(bare);
}

/** IPv4 in any spelling URL hosts accept (`2130706433`, `0x7f.1`, `0177.0.0.1`): the WHATWG parser reads them. */
function ipv4Bytes(text: string): number[] | undefined {
  if (!/^[0-9a-fx.]+$/i.test(text)) return undefined;
  let host: string;
  try {
    host = new URL(`http://${text}/`).hostname;
  } catch {
    return undefined;
  }
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.map(Number);
}

function ipv6Bytes(text: string): number[] | undefined {
  let host: string;
  try {
    // The WHATWG parser checks the syntax and folds an embedded dotted IPv4 into hex groups.
    host = new URL(`http://[${text.replace(/%.*$/, "")}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const [head = "", tail] = host.split("::");
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const left = groups(head);
  const right = groups(tail);
  const all = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  if (all.length !== 8) return undefined;
  return all.flatMap((group) => {
    const n = parseInt(group, 16);
    return [n >> 8, n & 0xff];
  });
}

const blockBytes = new Map<string, number[]>();

function inBlock(bytes: readonly number[], [address, prefix]: Block): boolean {
  let base = blockBytes.get(address);
  if (!base) blockBytes.set(address, (base = bytesOf(address) as number[]));
  if (base.length !== bytes.length) return false;
  for (let bit = 0; bit < prefix; bit++) {
    const i = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((bytes[i] as number) & mask) !== ((base[i] as number) & mask)) return false;
  }
  return true;
}

function isPublicBytes(bytes: readonly number[]): boolean {
  if (bytes.length === 4) return !IPV4_SPECIAL.some((block) => inBlock(bytes, block));
  if (inBlock(bytes, IPV4_MAPPED) || inBlock(bytes, NAT64_WELL_KNOWN)) return isPublicBytes(bytes.slice(12));
  return inBlock(bytes, IPV6_GLOBAL_UNICAST) && !IPV6_SPECIAL.some((block) => inBlock(bytes, block));
}

/**
 * Whether `address` is an IP address (any spelling, IPv6 with or without brackets) that is
 * publicly routable: in no special-purpose block of the IANA registries (see the module comment).
 * Not an IP address at all: false.
 *
 * @example
 * isPublicAddress("93.184.215.14"); // true
 * isPublicAddress("2130706433"); // false (127.0.0.1)
 * isPublicAddress("::ffff:10.0.0.1"); // false
 * isPublicAddress("64:ff9b::808:808"); // true (NAT64 of 8.8.8.8)
 */
export function isPublicAddress(address: string): boolean {
  const bytes = bytesOf(address);
  return bytes !== undefined && isPublicBytes(bytes);
}

/** Whether `host` (a URL's hostname) is an IP address in any spelling rather than a name. */
export const isIpAddress = (host: string): boolean => bytesOf(host) !== undefined;
