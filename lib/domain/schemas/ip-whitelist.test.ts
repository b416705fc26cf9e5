import { describe, expect, it } from "vitest";
import { ipWhitelistTextSchema } from "./ip-whitelist";

describe("ipWhitelistTextSchema", () => {
  it("reads one entry per line, trims, skips blanks and drops duplicates", () => {
    expect(ipWhitelistTextSchema.parse(" 203.0.113.7 \n\n10.0.0.0/8, 2001:db8::/32\r\n203.0.113.7\n")).toEqual([
      "203.0.113.7",
      "10.0.0.0/8",
      "2001:db8::/32",
    ]);
    expect(ipWhitelistTextSchema.parse("")).toEqual([]);
  });

  it("names the line of every bad entry", () => {
    const result = ipWhitelistTextSchema.safeParse("127.0.0.1\n10.0.0.300\n::1\n1.2.3.4/33, nope");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'line 2: "10.0.0.300" is not a valid IP address or CIDR range',
      'line 4: "1.2.3.4/33" is not a valid IP address or CIDR range',
      'line 4: "nope" is not a valid IP address or CIDR range',
    ]);
  });

  it("caps the list length", () => {
    const many = Array.from({ length: 201 }, (_, i) => `10.0.${Math.floor(i / 250)}.${i % 250}`).join("\n");
    expect(ipWhitelistTextSchema.safeParse(many).success).toBe(false);
  });
});
