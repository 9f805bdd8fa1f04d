import { type LookupAddress, lookup as dnsLookup } from "node:dns";
import { BlockList, type LookupFunction, isIP } from "node:net";

/**
 * Which addresses the shop refuses to send panel calls to: those only its own
 * machine or network can reach (loopback, private, link-local, carrier NAT…).
 * A panel URL is typed by whoever holds the admin session, so without this the
 * shop would carry the panel key, and report the answers, to internal services.
 * The check runs on the address actually connected to (see `publicOnlyLookup`),
 * so a name that resolves differently on a second lookup gains nothing.
 */

type Family = "ipv4" | "ipv6";

const RANGES: ReadonlyArray<readonly [label: string, family: Family, cidrs: readonly string[]]> = [
  ["an unspecified address", "ipv4", ["0.0.0.0/8"]],
  ["an unspecified address", "ipv6", ["::/128"]],
  ["a loopback address", "ipv4", ["127.0.0.0/8"]],
  ["a loopback address", "ipv6", ["::1/128"]],
  ["a private network address", "ipv4", ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"]],
  // Unique local, the deprecated site-local, and NAT64 for local use.
  ["a private network address", "ipv6", ["fc00::/7", "fec0::/10", "64:ff9b:1::/48"]],
  ["a carrier-grade NAT address", "ipv4", ["100.64.0.0/10"]],
  ["a link-local address", "ipv4", ["169.254.0.0/16"]],
  ["a link-local address", "ipv6", ["fe80::/10"]],
  ["a multicast address", "ipv4", ["224.0.0.0/4"]],
  ["a multicast address", "ipv6", ["ff00::/8"]],
  [
    "a reserved address",
    "ipv4",
    [
      "192.0.0.0/24",
      "192.0.2.0/24",
      "192.88.99.0/24",
      "198.18.0.0/15",
      "198.51.100.0/24",
      "203.0.113.0/24",
      "240.0.0.0/4",
    ],
  ],
  // The deprecated IPv4-compatible form, discard-only, documentation and Teredo tunnels.
  ["a reserved address", "ipv6", ["::/96", "100::/64", "2001:db8::/32", "2001::/32"]],
];

const LISTS = RANGES.map(([label, family, cidrs]) => {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [network, bits] = cidr.split("/") as [string, string];
    list.addSubnet(network, Number(bits), family);
  }
  return { label, family, list };
});

/** The eight 16-bit groups of a valid IPv6 address (trailing dotted quad allowed). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? (text.split("::") as [string, string]) : [text, undefined];
  const parse = (part: string) => (part ? part.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const first = parse(head);
  if (tail === undefined) return first;
  const last = parse(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/** The IPv4 address an IPv6 one carries where the network would deliver to that IPv4 address. */
function embeddedIpv4(groups: number[]): string | null {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  // IPv4-mapped ::ffff:a.b.c.d
  if (zeros(0, 5) && groups[5] === 0xffff) return v4(groups[6]!, groups[7]!);
  // NAT64 well-known prefix 64:ff9b::/96
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4(groups[6]!, groups[7]!);
  // 6to4 2002:aabb:ccdd::/48
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return null;
}

/** Why a panel may not be at this IP address ("a loopback address"…), or null when it is a public one. */
export function refusedRange(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const version = isIP(bare);
  if (version === 0) return "not an IP address";
  if (version === 6) {
    const inner = embeddedIpv4(ipv6Groups(bare));
    if (inner) return refusedRange(inner);
  }
  const family: Family = version === 4 ? "ipv4" : "ipv6";
  return LISTS.find((r) => r.family === family && r.list.check(bare, family))?.label ?? null;
}

/** A panel call refused because its address is on the shop's own machine or network; nothing was sent. */
export class PanelAddressRefused extends Error {
  readonly code = "ERR_PANEL_ADDRESS_REFUSED";
  constructor(label: string) {
    super(
      `The SMM panel's address is ${label}: the shop only connects to panels on the public internet ` +
        "(set PANEL_ALLOW_PRIVATE_ADDRESSES=true for a panel on your own network)",
    );
    this.name = "PanelAddressRefused";
  }
}

/** The refusal for an IP address written in the URL itself (no lookup happens for those), or null. */
export function refuseLiteralAddress(hostname: string): PanelAddressRefused | null {
  const bare = hostname.replace(/^\[|\]$/g, "");
  if (isIP(bare) === 0) return null;
  const label = refusedRange(bare);
  return label ? new PanelAddressRefused(label) : null;
}

/**
 * A DNS lookup for the HTTP client that fails when any address of the name is
 * refused: the socket then connects to exactly the addresses checked here.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    for (const { address } of addresses) {
      const label = refusedRange(address);
      if (label) return callback(new PanelAddressRefused(label), "", 0);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    if (!first)
      return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), "", 0);
    return callback(null, first.address, first.family);
  });
};
