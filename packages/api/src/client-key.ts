import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * The prefix length one IPv6 client is counted by. An ISP or a host hands one customer at least a
 * /64 (a home, a server, a cloud instance), and the customer may pick any of its 2^64 addresses
 * for each request; a limit counted per address would never fill.
 */
export const IPV6_CLIENT_PREFIX = 64;

/**
 * Whom a per-address limit counts a request for, given the client's address: an IPv4 address
 * stays itself, an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a dual-stack socket shows an
 * IPv4 peer) is that IPv4 address, and any other IPv6 address is its /64 network, written
 * `2001:db8:1:2::/64`. Every per-address limit (sign-in throttling, the contact form, the anonymous
 * Idempotency-Key scope) keys on this, so one client is one key whichever way its address is
 * written. Something that is not an IP address (a socket without one) is kept as it is.
 */
export function clientKey(ip: string): string {
  if (!isIP(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return address.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${IPV6_CLIENT_PREFIX}`);
  return `${network.toString()}/${IPV6_CLIENT_PREFIX}`;
}
