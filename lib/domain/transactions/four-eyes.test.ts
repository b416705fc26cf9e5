import { describe, expect, it } from "vitest";
import { amountDiffersBeyondTolerance, isProposer } from "./four-eyes";

describe("four eyes", () => {
  it("an amount differs beyond the tolerance in whole cents, either way", () => {
    expect(amountDiffersBeyondTolerance("100.00", "100.00", "0.00")).toBe(false);
    expect(amountDiffersBeyondTolerance("100.00", "99.99", "0.00")).toBe(true);
    expect(amountDiffersBeyondTolerance("100.00", "105.00", "5.00")).toBe(false);
    expect(amountDiffersBeyondTolerance("100.00", "94.99", "5.00")).toBe(true);
    expect(amountDiffersBeyondTolerance("1000000.00", "9999999999999.99", "0")).toBe(true);
  });

  it("the proposer is the same console account (by id or email, any case); every CLI run is one person", () => {
    const console = { proposedByUserId: 7, proposedBy: "ayse@x.test", proposedViaCli: false };
    expect(isProposer({ userId: 7, label: "renamed@x.test" }, console)).toBe(true);
    expect(isProposer({ label: "AYSE@x.test" }, console)).toBe(true);
    expect(isProposer({ userId: 8, label: "burak@x.test" }, console)).toBe(false);
    const cli = { proposedByUserId: null, proposedBy: "cli", proposedViaCli: true };
    expect(isProposer({ label: "someone-else", viaCli: true }, cli)).toBe(true);
    expect(isProposer({ userId: 8, label: "burak@x.test" }, cli)).toBe(false);
  });
});
