import { describe, expect, it } from "vitest";
import { THIRD_PARTY } from "@/lib/domain/payment-methods";
import { gatewaySchema } from "@/lib/domain/schemas/gateway";
import { SANDBOX_GATEWAYS, SANDBOX_GATEWAYS_BY_KIND } from "./sandbox-gateway-catalog";

describe("the sandbox's gateway catalogue", () => {
  it("gives every third-party kind a gateway of its family, each one the seed can save", () => {
    for (const { kind, gatewayMethod } of THIRD_PARTY) {
      const mine = SANDBOX_GATEWAYS.filter((g) => SANDBOX_GATEWAYS_BY_KIND[kind].some((k) => k.code === g.code));
      expect(mine.length, kind).toBeGreaterThan(0);
      for (const gateway of mine) expect(gateway.method, gateway.code).toBe(gatewayMethod);
    }
    for (const gateway of SANDBOX_GATEWAYS) {
      const parsed = gatewaySchema.safeParse({ ...gateway, isActive: true });
      expect(parsed.success ? [] : parsed.error.issues.map((i) => i.message), gateway.code).toEqual([]);
    }
  });

  it("names each gateway by a code of its own (codes are unique in the database)", () => {
    const codes = SANDBOX_GATEWAYS.map((g) => g.code);
    expect(codes.filter((code, i) => codes.indexOf(code) !== i)).toEqual([]);
  });
});
