import ipaddr from "ipaddr.js";
import { normalizeIp } from "@/lib/base/ip/ip-list";

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * Whether an address is a public unicast one a callback may reach. The ranges are ipaddr.js's classification
 * (IANA special-purpose registries), not a hand list: anything it does not call plain `unicast` is refused
 * (loopback, private, link-local, CGNAT, multicast, broadcast, reserved, documentation, benchmarking, NAT64
 * 64:ff9b::/96 and 64:ff9b:1::/48, 6to4 2002::/16, Teredo, ORCHID, unique-local, IPv4-mapped...). IPv6 must
 * also lie in 2000::/3, the only global unicast space allocated, which refuses ::/96 IPv4-compatible forms.
 */
export function isPublicUnicastAddress(raw: string): boolean {
  const ip = normalizeIp(raw);
  if (!ip || !ipaddr.isValid(ip)) return false;
  const address = ipaddr.process(ip);
  if (address.range() !== "unicast") return false;
  return address.kind() === "ipv4" || address.match(GLOBAL_UNICAST_V6);
}

/** The SSRF guard's refusal: every address that is not public unicast. */
export function isPrivateAddress(raw: string): boolean {
  return !isPublicUnicastAddress(raw);
}
