import { BlockList, isIP } from "node:net";

export type IpRule = { address: string; prefix?: number; family: "ipv4" | "ipv6" };

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** Strips an IPv6 zone and unwraps IPv4-mapped IPv6 (::ffff:a.b.c.d) so it matches IPv4 entries. */
export function normalizeIp(raw: string): string | null {
  let ip = raw.trim();
  if (ip.startsWith("[") && ip.endsWith("]")) ip = ip.slice(1, -1);
  ip = ip.replace(/%.*$/, "");
  const mapped = MAPPED_V4.exec(ip);
  if (mapped) ip = mapped[1]!;
  return isIP(ip) ? ip.toLowerCase() : null;
}

/** Parses "1.2.3.4", "10.0.0.0/8", "2001:db8::/32"; null when the entry is not a valid IP or CIDR. */
export function parseIpRule(entry: string): IpRule | null {
  const [addressPart, prefixPart, extra] = entry.trim().split("/");
  if (extra !== undefined || !addressPart) return null;
  const wasMapped = MAPPED_V4.test(addressPart.trim());
  const address = normalizeIp(addressPart);
  if (!address) return null;
  const family = isIP(address) === 4 ? "ipv4" : "ipv6";
  if (prefixPart === undefined) return { address, family };
  if (!/^\d{1,3}$/.test(prefixPart)) return null;
  let prefix = Number(prefixPart);
  // A mapped CIDR (::ffff:10.0.0.0/104) describes the IPv4 range 10.0.0.0/8.
  if (wasMapped) prefix -= 96;
  const max = family === "ipv4" ? 32 : 128;
  if (prefix < 0 || prefix > max) return null;
  return { address, prefix, family };
}

/** The entries that are not valid IPs or CIDRs, for validation messages. */
export function invalidIpEntries(entries: string[]): string[] {
  return entries.filter((entry) => parseIpRule(entry) === null);
}

export function buildIpMatcher(entries: string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const rule = parseIpRule(entry);
    if (!rule) continue;
    if (rule.prefix === undefined) list.addAddress(rule.address, rule.family);
    else list.addSubnet(rule.address, rule.prefix, rule.family);
  }
  return (raw: string) => {
    const ip = normalizeIp(raw);
    if (!ip) return false;
    return list.check(ip, isIP(ip) === 4 ? "ipv4" : "ipv6");
  };
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** A URL's host name that is this machine (as `URL` spells it: IPv6 in brackets). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname);
}
