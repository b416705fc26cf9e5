import { describe, expect, it } from "vitest";
import { readRefundEntry, refundEntry, refundIdsOf, refundsOf } from "./refund-entries";

const at = new Date("2026-12-05T10:00:00.000Z");
const later = new Date("2026-12-05T12:30:00.000Z");
const session = (refundIds: string[], refunded: string) => ({
  id: "cs_1",
  refundIds,
  refundedAmount: { toFixed: () => refunded },
  updatedAt: later,
});

describe("the sandbox acquirer's refund entries", () => {
  it("keep the refund id, amount and time; an entry of before holds the id alone", () => {
    const entry = refundEntry("RF|odd-1", "50.00", at);
    expect(readRefundEntry(entry)).toEqual({ refundId: "RF|odd-1", amount: "50.00", at });
    expect(readRefundEntry("RF-OLD")).toEqual({ refundId: "RF-OLD", amount: null, at: null });
    expect(refundIdsOf([entry, "RF-OLD"])).toEqual(["RF|odd-1", "RF-OLD"]);
  });

  it("list each refund; what the total holds beyond them is one more refund at the session's last change", () => {
    expect(refundsOf(session([refundEntry("A", "50.00", at), refundEntry("B", "30.00", later)], "80.00"))).toEqual([
      { reference: "rf_A", amount: "50.00", at },
      { reference: "rf_B", amount: "30.00", at: later },
    ]);
    // One bare id of before: the rest is that refund.
    expect(refundsOf(session([refundEntry("A", "50.00", at), "OLD"], "70.10"))).toEqual([
      { reference: "rf_A", amount: "50.00", at },
      { reference: "rf_OLD", amount: "20.10", at: later },
    ]);
    // Refunded at the acquirer's back office, with no refund id of the merchant's.
    expect(refundsOf(session([], "150.00"))).toEqual([{ reference: "rf_panel_cs_1", amount: "150.00", at: later }]);
    expect(refundsOf(session([], "0.00"))).toEqual([]);
  });
});
