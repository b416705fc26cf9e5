import { describe, expect, it } from "vitest";
import { FLOWS, THIRD_PARTY } from "./index";
import { TRANSFER_LIFECYCLE } from "./transfers";

/** The values that occur more than once, each with who claims it. */
function clashes(claims: [value: string, claimant: string][]): Record<string, string[]> {
  const by = new Map<string, Set<string>>();
  for (const [value, claimant] of claims) by.set(value, (by.get(value) ?? new Set()).add(claimant));
  return Object.fromEntries([...by].filter(([, who]) => who.size > 1).map(([value, who]) => [value, [...who]]));
}

/**
 * What the type check cannot see: two definitions written by hand (or copied from one another) that claim the same
 * kind, gateway family or tracking-code prefix. The scaffold refuses such a name; this refuses such a definition.
 */
describe("the payment-method registry's names", () => {
  it("gives each third-party kind to one method", () => {
    expect(clashes(THIRD_PARTY.map((k) => [k.kind, k.method]))).toEqual({});
  });

  it("gives each gateway family to one kind", () => {
    expect(clashes(THIRD_PARTY.map((k) => [k.gatewayMethod, k.kind]))).toEqual({});
  });

  it("gives each tracking-code prefix to one method and direction (a card payment's CC to both origins)", () => {
    const claims: [string, string][] = FLOWS.map(({ method, lifecycle }) => [
      lifecycle.prefix,
      `${method} ${lifecycle.direction}`,
    ]);
    claims.push([TRANSFER_LIFECYCLE.prefix, "the send-money transfer"]);
    expect(clashes(claims)).toEqual({});
  });
});
