import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "./private-address";

describe("isPrivateAddress", () => {
  it("refuses every special-purpose range, NAT64 and 6to4 included", () => {
    const refused = [
      "0.0.0.0",
      "10.1.2.3",
      "100.64.0.1",
      "127.0.0.1",
      "169.254.169.254",
      "172.16.0.1",
      "192.168.1.1",
      "192.0.0.8",
      "192.0.2.1",
      "198.18.0.1",
      "198.51.100.7",
      "203.0.113.9",
      "224.0.0.1",
      "240.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "::127.0.0.1",
      "64:ff9b::7f00:1",
      "64:ff9b::a9fe:a9fe",
      "64:ff9b:1::a00:1",
      "2002:7f00:1::1",
      "2002:c0a8:101::1",
      "2001::1",
      "2001:db8::1",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "fe80::1%eth0",
      "ff02::1",
      "100::1",
      "not-an-ip",
    ];
    for (const ip of refused) expect(isPrivateAddress(ip), ip).toBe(true);
  });

  it("allows public unicast addresses", () => {
    for (const ip of [
      "8.8.8.8",
      "1.1.1.1",
      "93.184.216.34",
      "::ffff:8.8.8.8",
      "2606:4700:4700::1111",
      "2a00:1450:4001:81c::200e",
      "[2001:4860:4860::8888]",
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });
});
