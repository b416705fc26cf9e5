import { BlockList } from "node:net";
import { normalizeIp } from "./ip-list";

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
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

/** Loopback, private, link-local, CGNAT, multicast and unspecified addresses (SSRF targets). */
export function isPrivateAddress(raw: string): boolean {
  const ip = normalizeIp(raw);
  if (!ip) return true;
  return PRIVATE.check(ip, ip.includes(":") ? "ipv6" : "ipv4");
}
