import { describe, expect, it } from "vitest";
import { FLOWS, STATUSES, statesOf } from "@/lib/domain/payment-methods";
import { TRANSFER_LIFECYCLE } from "@/lib/domain/payment-methods/transfers";

/**
 * The method table says which money event each flow posts and on which status (docs/ledger.md "Where posting
 * happens"); the transition core posts it. These keep the table's answers sensible for every flow.
 */
describe("every flow posts one money event, on a final status it can reach", () => {
  it.each(FLOWS.map((f) => [`${f.method} ${f.lifecycle.name}`, f.lifecycle] as const))("%s", (_name, lifecycle) => {
    const { event, on } = lifecycle.ledger;
    expect(STATUSES[on].final).toBe(true);
    expect(statesOf(lifecycle)).toContain(on);
    expect(lifecycle.transitions.some((r) => r.to === on)).toBe(true);
    // The event matches the direction: money in for deposits and card payments, out for withdrawals.
    expect({ DEPOSIT: "DEPOSIT", WITHDRAWAL: "WITHDRAWAL", PAYMENT: "CARD_PAYMENT" }[lifecycle.direction]).toBe(event);
    // No move leaves the posting status except a card's refund, which posts refunds of its own.
    const leaving = lifecycle.transitions.filter((r) => r.from === on).map((r) => r.to);
    expect(leaving).toEqual(event === "CARD_PAYMENT" ? ["refunded"] : []);
  });

  it("a send-money transfer posts when the bank completes it", () => {
    expect(TRANSFER_LIFECYCLE.ledger).toEqual({ event: "SEND_MONEY", on: "completed" });
  });
});
