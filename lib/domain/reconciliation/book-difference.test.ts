import { describe, expect, it } from "vitest";
import { differenceOf } from "./book-difference";

type Case = Parameters<typeof differenceOf>[0];
const d = (over: Partial<Case>): Case => ({
  kind: "partners_only",
  recordKind: "sale",
  amount: { toFixed: () => "0.00" } as Case["amount"],
  currency: "TRY",
  dealerId: 7,
  ours: null,
  theirs: null,
  ...over,
});
const theirs = (amount: string, status = "succeeded") => ({ amount, status });
const ours = (amount: string) => ({ amount, currency: "TRY" });

describe("what accepting the partner's record books", () => {
  it.each<[string, Partial<Case>, ReturnType<typeof differenceOf>]>([
    ["a sale we never sent: into the cash", { theirs: theirs("99.99") }, { amount: "99.99", into: true }],
    ["a deposit we never issued", { recordKind: "deposit", theirs: theirs("42.00") }, { amount: "42.00", into: true }],
    [
      "a payout paid twice: out of it",
      { recordKind: "payout", theirs: theirs("75.00") },
      { amount: "75.00", into: false },
    ],
    ["a refund in the panel", { recordKind: "refund", theirs: theirs("25.00") }, { amount: "25.00", into: false }],
    [
      "a late approval (the partner succeeded, we failed)",
      { kind: "status_differs", theirs: theirs("150.00"), ours: ours("150.00") },
      { amount: "150.00", into: true },
    ],
    [
      "a sale we approved that the partner declined",
      { kind: "status_differs", theirs: theirs("150.00", "failed"), ours: ours("150.00") },
      { amount: "150.00", into: false },
    ],
    ["a sale only we recorded", { kind: "ours_only", ours: ours("80.00") }, { amount: "80.00", into: false }],
    [
      "a payout only we recorded",
      { kind: "ours_only", recordKind: "payout", ours: ours("80.00") },
      { amount: "80.00", into: true },
    ],
    [
      "a sale the partner holds for less",
      { kind: "amount_differs", theirs: theirs("140.00"), ours: ours("150.00") },
      { amount: "10.00", into: false },
    ],
    [
      "a payout the partner paid more for",
      { kind: "amount_differs", recordKind: "payout", theirs: theirs("110.00"), ours: ours("100.00") },
      { amount: "10.00", into: false },
    ],
    ["money of no dealer's", { dealerId: null, theirs: theirs("42.00") }, null],
    ["another currency than the ledger's", { currency: "USD", theirs: theirs("42.00") }, null],
    [
      "an amount that differs by currency only",
      { kind: "amount_differs", theirs: theirs("150.00"), ours: { amount: "150.00", currency: "USD" } },
      null,
    ],
  ])("%s", (_, over, expected) => {
    expect(differenceOf(d(over))).toEqual(expected);
  });
});
