import { describe, expect, it } from "vitest";
import { createSiteIntegrationSchema, updateSiteIntegrationSchema } from "./site-integration";

describe("site integration input", () => {
  it("defaults to the website scopes, no IPs and no origins", () => {
    expect(createSiteIntegrationSchema.parse({ dealerId: 3, name: " Web shop " })).toEqual({
      dealerId: 3,
      name: "Web shop",
      scopes: ["settings", "deposits", "card-payments"],
      ips: [],
      origins: [],
    });
  });

  it(
    "reads the console's text and the CLI's lists alike, dropping duplicates and keeping the table's scope " + "order",
    () => {
      const fromText = updateSiteIntegrationSchema.parse({
        name: "Shop",
        scopes: ["send-money", "settings", "send-money"],
        ips: "203.0.113.7\n198.51.100.0/24, 203.0.113.7",
        origins: "https://Shop.example\nhttps://shop.example https://pay.shop.example:8443",
        isActive: true,
      });
      expect(fromText).toMatchObject({
        scopes: ["settings", "send-money"],
        ips: ["203.0.113.7", "198.51.100.0/24"],
        origins: ["https://shop.example", "https://pay.shop.example:8443"],
      });
      expect(
        createSiteIntegrationSchema.parse({ dealerId: 1, name: "S", ips: ["::1"], origins: ["https://a.example"] }),
      ).toMatchObject({ ips: ["::1"], origins: ["https://a.example"] });
    },
  );

  it("refuses unknown scopes, no scope, bad IPs and origins with a path or another scheme", () => {
    const problems = (input: Record<string, unknown>) => {
      const result = updateSiteIntegrationSchema.safeParse({
        name: "S",
        scopes: ["settings"],
        isActive: true,
        ...input,
      });
      return result.success ? [] : result.error.issues.map((i) => i.message);
    };
    expect(problems({ scopes: [] })).toEqual(["give the integration at least one scope"]);
    expect(problems({ scopes: ["everything"] })[0]).toContain("scopes must be among settings, deposits, card-payments");
    expect(problems({ ips: "300.1.1.1" })[0]).toContain('"300.1.1.1" is not a valid IP address or CIDR range');
    for (const origin of ["http://shop.example", "https://shop.example/path", "shop.example"])
      expect(problems({ origins: origin })[0], origin).toContain("origins must look like https://shop.example");
    expect(problems({ name: "" })).toEqual(["name is required"]);
  });
});
