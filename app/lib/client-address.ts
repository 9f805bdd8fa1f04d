/**
 * The key every per-address limit counts under (sign-in, order creation, order
 * lookup). An IPv4 client is its address. An IPv6 client is its /64: one
 * subscriber line or host is routinely given a whole /64, so keying by the full
 * address would hand a single client 2^64 fresh identities.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, "");
  if (!address) return "unknown";
  const groups = address.includes(":") ? ipv6Groups(address) : null;
  if (!groups) return address.slice(0, 100);
  // An IPv4 client reaching a dual-stack socket shows up as ::ffff:a.b.c.d; it is still that IPv4 address.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/**
 * The networks a client's address belongs to, finest first, for limits that a flood from many addresses
 * of one network must not escape: an IPv6 client's /64 (its line), /56 and /48 (what one subscriber or
 * site is routinely given); an IPv4 client's address and its /24. Null for what is not an address.
 */
export interface ClientNetworks {
  /** clientAddressKey: the IPv6 /64, or the IPv4 address. */
  address: string;
  /** The IPv6 /56, or the IPv4 /24. */
  network: string;
  /** The IPv6 /48; null for IPv4. */
  wide: string | null;
}

export function clientNetworks(ip: string): ClientNetworks | null {
  const address = ip.trim().toLowerCase().replace(/%.*$/, "");
  if (!address) return null;
  const groups = address.includes(":") ? ipv6Groups(address) : null;
  const mapped = groups && groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (!groups || mapped) {
    const v4 = mapped ? clientAddressKey(address) : address;
    const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(v4);
    if (!octets || octets.slice(1).some((o) => Number(o) > 255)) return null;
    return { address: v4, network: `${octets.slice(1, 4).map(Number).join(".")}.0/24`, wide: null };
  }
  const hex = (g: number) => g.toString(16);
  return {
    address: clientAddressKey(address),
    network: `${groups.slice(0, 3).map(hex).join(":")}:${hex(groups[3]! & 0xff00)}::/56`,
    wide: `${groups.slice(0, 3).map(hex).join(":")}::/48`,
  };
}

const GROUP = /^[0-9a-f]{1,4}$/;
const DOTTED_TAIL = /(?:^|:)((\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3}))$/;

/** The eight 16-bit groups of an IPv6 address ("::" expanded, a dotted IPv4 tail folded in), or null if it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const dotted = DOTTED_TAIL.exec(text);
  if (dotted) {
    const bytes = dotted.slice(2).map(Number);
    if (bytes.some((b) => b > 255)) return null;
    const [a, b, c, d] = bytes as [number, number, number, number];
    text = `${text.slice(0, text.length - dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const left = parse(halves[0]!);
  const right = halves.length === 2 ? parse(halves[1]!) : [];
  if (![...left, ...right].every((g) => GROUP.test(g))) return null;
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...left, ...new Array<string>(missing).fill("0"), ...right].map((g) => parseInt(g, 16));
}
