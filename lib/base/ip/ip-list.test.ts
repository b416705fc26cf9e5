import { describe, expect, it } from "vitest";
import { buildIpMatcher, invalidIpEntries, normalizeIp, parseIpRule } from "./ip-list";

describe("IP whitelist matching", () => {
  it("matches single IPv4 and IPv6 addresses", () => {
    const match = buildIpMatcher(["192.0.2.10", "2001:db8::1"]);
    expect(match("192.0.2.10")).toBe(true);
    expect(match("192.0.2.11")).toBe(false);
    expect(match("2001:db8:0:0:0:0:0:1")).toBe(true);
    expect(match("2001:db8::2")).toBe(false);
  });

  it("matches CIDR ranges of both families", () => {
    const match = buildIpMatcher(["10.0.0.0/8", "2001:db8::/32", "192.0.2.128/25"]);
    expect(match("10.255.1.2")).toBe(true);
    expect(match("11.0.0.1")).toBe(false);
    expect(match("2001:db8:ffff::1")).toBe(true);
    expect(match("2001:db9::1")).toBe(false);
    expect(match("192.0.2.200")).toBe(true);
    expect(match("192.0.2.100")).toBe(false);
  });

  it("lets IPv4-mapped IPv6 peers match IPv4 entries, and mapped entries match IPv4 peers", () => {
    expect(buildIpMatcher(["127.0.0.1"])("::ffff:127.0.0.1")).toBe(true);
    expect(buildIpMatcher(["10.0.0.0/8"])("::FFFF:10.1.2.3")).toBe(true);
    expect(buildIpMatcher(["::ffff:203.0.113.5"])("203.0.113.5")).toBe(true);
    expect(buildIpMatcher(["::ffff:10.0.0.0/104"])("10.9.9.9")).toBe(true);
  });

  it("an empty list matches nothing; garbage never matches", () => {
    expect(buildIpMatcher([])("127.0.0.1")).toBe(false);
    expect(buildIpMatcher(["0.0.0.0/0"])("not-an-ip")).toBe(false);
  });

  it("validates entries", () => {
    expect(
      invalidIpEntries([
        "1.2.3.4",
        "10.0.0.0/8",
        "::1",
        "fe80::/10",
        "1.2.3.4/33",
        "1.2.3",
        "::/129",
        "a/b",
        "1.2.3.4/8/1",
        "1.2.3.4/-1",
      ]),
    ).toEqual(["1.2.3.4/33", "1.2.3", "::/129", "a/b", "1.2.3.4/8/1", "1.2.3.4/-1"]);
    expect(parseIpRule("2001:DB8::/32")).toEqual({ address: "2001:db8::", prefix: 32, family: "ipv6" });
  });

  it("normalizes brackets, zones and case", () => {
    expect(normalizeIp("[2001:DB8::1]")).toBe("2001:db8::1");
    expect(normalizeIp("fe80::1%eth0")).toBe("fe80::1");
    expect(normalizeIp("::ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(normalizeIp("999.1.1.1")).toBeNull();
  });
});
