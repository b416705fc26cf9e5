import { describe, expect, it } from "vitest";
import { reconciliationState } from "./wallet-reconciliation";

// Decimal-like, as Prisma returns them; the figures are given with their two decimals.
const d = (value: string) => ({ toFixed: () => value });
const at = (iso: string) => new Date(iso);

describe("reconciliationState", () => {
  it("is unchecked before the first reconciliation", () => {
    expect(reconciliationState({ balance: d("10.00"), bankBalance: null, reconciledAt: null }, null)).toBe("unchecked");
  });

  it("matches when the bank's figure equals the ledger", () => {
    expect(
      reconciliationState(
        { balance: d("10.00"), bankBalance: d("10.00"), reconciledAt: at("2026-11-24T10:00:00Z") },
        at("2026-11-24T11:00:00Z"),
      ),
    ).toBe("matches");
  });

  it("is stale, not a mismatch, when the ledger moved after the bank's figure was taken", () => {
    expect(
      reconciliationState(
        { balance: d("900.00"), bankBalance: d("1000.00"), reconciledAt: at("2026-11-24T10:00:00Z") },
        at("2026-11-24T10:05:00Z"),
      ),
    ).toBe("stale");
  });

  it("is a mismatch when the bank's figure is newer than the last movement and differs", () => {
    expect(
      reconciliationState(
        { balance: d("900.00"), bankBalance: d("1000.00"), reconciledAt: at("2026-11-24T10:10:00Z") },
        at("2026-11-24T10:05:00Z"),
      ),
    ).toBe("mismatch");
    expect(
      reconciliationState(
        { balance: d("900.00"), bankBalance: d("1000.00"), reconciledAt: at("2026-11-24T10:10:00Z") },
        null,
      ),
    ).toBe("mismatch");
  });
});
