import { isIP } from "node:net";

/**
 * Where a webhook may be sent (ADR 030): public unicast addresses only. Refused: private
 * (RFC 1918, IPv6 unique-local), loopback (unless the development flag allows it), link-local,
 * carrier-grade NAT, multicast, reserved and documentation ranges, the cloud metadata addresses
 * (169.254.169.254, fd00:ec2::254), and every IPv6 form that carries an IPv4 address (mapped,
 * compatible, NAT64, 6to4) when that address is refused.
 */

/** Why an address is refused, or null when a webhook may go there. */
export type AddressVerdict = null | string;

interface V4Range {
  base: number;
  bits: number;
  reason: string;
}

const v4 = (cidr: string, reason: string): V4Range => {
  const [base, bits] = cidr.split("/") as [string, string];
  return { base: parseIPv4(base)!, bits: Number(bits), reason };
};

const LOOPBACK = "a loopback address";

const V4_REFUSED: V4Range[] = [
  v4("169.254.169.254/32", "the cloud metadata address"),
  v4("0.0.0.0/8", "an unspecified address"),
  v4("10.0.0.0/8", "a private address"),
  v4("100.64.0.0/10", "a carrier-grade NAT address"),
  v4("127.0.0.0/8", LOOPBACK),
  v4("169.254.0.0/16", "a link-local address"),
  v4("172.16.0.0/12", "a private address"),
  v4("192.0.0.0/24", "a reserved address"),
  v4("192.0.2.0/24", "a documentation address"),
  v4("192.88.99.0/24", "a reserved address"),
  v4("192.168.0.0/16", "a private address"),
  v4("198.18.0.0/15", "a benchmarking address"),
  v4("198.51.100.0/24", "a documentation address"),
  v4("203.0.113.0/24", "a documentation address"),
  v4("224.0.0.0/4", "a multicast address"),
  v4("240.0.0.0/4", "a reserved address"),
];

/** a.b.c.d as an unsigned 32-bit number, or null. */
export function parseIPv4(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

/** An IPv6 address as its eight 16-bit groups (an embedded dotted IPv4 tail allowed), or null. */
export function parseIPv6(text: string): number[] | null {
  let s = text.toLowerCase();
  if (s.startsWith("[") && s.endsWith("]")) s = s.slice(1, -1);
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  const lastColon = s.lastIndexOf(":");
  if (s.slice(lastColon + 1).includes(".")) {
    // A dotted IPv4 tail is the last two groups.
    const four = parseIPv4(s.slice(lastColon + 1));
    if (four === null) return null;
    s = `${s.slice(0, lastColon + 1)}${Math.floor(four / 65536).toString(16)}:${(four % 65536).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const group = (h: string) => (h === "" ? [] : h.split(":"));
  const head = group(halves[0]!);
  const rest = halves.length === 2 ? group(halves[1]!) : [];
  const parse = (g: string) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN);
  const headNums = head.map(parse);
  const restNums = rest.map(parse);
  if ([...headNums, ...restNums].some(Number.isNaN)) return null;
  const given = headNums.length + restNums.length;
  if (halves.length === 1) return given === 8 ? headNums : null;
  if (given > 7) return null;
  return [...headNums, ...Array<number>(8 - given).fill(0), ...restNums];
}

function checkV4(value: number, allowLoopback: boolean): AddressVerdict {
  for (const range of V4_REFUSED) {
    const size = 2 ** (32 - range.bits);
    if (Math.floor(value / size) === Math.floor(range.base / size)) {
      if (range.reason === LOOPBACK && allowLoopback) return null;
      return range.reason;
    }
  }
  return null;
}

const v4Of = (hi: number, lo: number) => hi * 65536 + lo;

function checkV6(g: number[], allowLoopback: boolean): AddressVerdict {
  const [a, b, c, d, e, f, h, i] = g as [number, number, number, number, number, number, number, number];
  const zerosTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // fd00:ec2::254 (AWS's IPv6 metadata address) is named before its range (unique-local).
  if (a === 0xfd00 && b === 0x0ec2 && c === 0 && d === 0 && e === 0 && f === 0 && h === 0 && i === 0x254) {
    return "the cloud metadata address";
  }
  if (zerosTo(8)) return "an unspecified address";
  if (zerosTo(7) && i === 1) return allowLoopback ? null : LOOPBACK;
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), ::ffff:0:a.b.c.d (translated), 64:ff9b::a.b.c.d (NAT64).
  if (zerosTo(5) && f === 0xffff) return prefixed(checkV4(v4Of(h, i), allowLoopback));
  if (zerosTo(6)) return prefixed(checkV4(v4Of(h, i), allowLoopback));
  if (zerosTo(4) && e === 0xffff && f === 0) return prefixed(checkV4(v4Of(h, i), allowLoopback));
  if (a === 0x64 && b === 0xff9b && (c === 0 || c === 1)) return prefixed(checkV4(v4Of(h, i), allowLoopback));
  // 6to4 carries the IPv4 address in groups 2-3.
  if (a === 0x2002) return prefixed(checkV4(v4Of(b, c), allowLoopback));
  if ((a & 0xfe00) === 0xfc00) return "a private address";
  if ((a & 0xffc0) === 0xfe80) return "a link-local address";
  if ((a & 0xffc0) === 0xfec0) return "a site-local address";
  if ((a & 0xff00) === 0xff00) return "a multicast address";
  if (a === 0x2001 && b === 0x0db8) return "a documentation address";
  if (a === 0x0100 && b === 0 && c === 0 && d === 0) return "a discard address";
  // Teredo (2001::/32) tunnels to an address it obscures.
  if (a === 0x2001 && b === 0) return "a tunnel address";
  return null;
}

const prefixed = (verdict: AddressVerdict): AddressVerdict => (verdict ? `${verdict} (in an IPv6 form)` : null);

/**
 * Why a webhook may not go to this IP address (IPv4 or IPv6 text), or null when it may.
 * Loopback is allowed only with `allowLoopback` (WEBHOOKS_ALLOW_HTTP=true, development).
 */
export function refusedAddress(ip: string, { allowLoopback = false }: { allowLoopback?: boolean } = {}): AddressVerdict {
  const bare = ip.startsWith("[") && ip.endsWith("]") ? ip.slice(1, -1) : ip;
  const kind = isIP(bare.split("%")[0]!);
  if (kind === 4) return checkV4(parseIPv4(bare)!, allowLoopback);
  if (kind === 6) {
    const groups = parseIPv6(bare);
    return groups ? checkV6(groups, allowLoopback) : "not an IP address";
  }
  return "not an IP address";
}

/** Whether a URL's host names this machine (localhost, 127.0.0.0/8 or ::1). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  const bare = host.startsWith("[") ? host.slice(1, -1) : host;
  if (!isIP(bare)) return false;
  return refusedAddress(bare) === LOOPBACK || refusedAddress(bare) === `${LOOPBACK} (in an IPv6 form)`;
}
