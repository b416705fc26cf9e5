import { describe, expect, it } from "vitest";
import type { PartnerRecord } from "@/lib/integrations/connectors/report-port";
import { DayMatcher } from "./day-matcher";
import type { OurRecord } from "./recon-types";

const day = { start: new Date("2026-12-04T21:00:00Z"), end: new Date("2026-12-05T21:00:00Z") };
const noon = "2026-12-05T09:00:00Z";

function our(key: string, over: Partial<OurRecord> = {}): OurRecord {
  return {
    key,
    kind: "sale",
    ids: [key.toUpperCase()],
    partnerReference: null,
    amount: "100.00",
    currency: "TRY",
    status: "succeeded",
    at: new Date(noon),
    transactionId: 1,
    providerId: null,
    dealerId: 1,
    summary: {},
    ...over,
  };
}
function theirs(orderId: string | null, over: Partial<PartnerRecord> = {}): PartnerRecord {
  return {
    kind: "sale",
    orderId,
    partnerReference: `P-${orderId}-${over.kind ?? "sale"}`,
    amount: "100.00",
    currency: "TRY",
    status: "succeeded",
    occurredAt: noon,
    raw: {},
    ...over,
  };
}
function run(ours: OurRecord[], partner: PartnerRecord[], found: OurRecord[] = []) {
  const matcher = new DayMatcher(day, ours);
  for (const record of partner) matcher.add(record);
  const ids = new Set(matcher.unplacedIds());
  return matcher.finish(found.filter((f) => f.ids.some((id) => ids.has(id)) || ids.has(`ref:${f.partnerReference}`)));
}
const kinds = (result: ReturnType<typeof run>) => result.drafts.map((d) => `${d.kind}/${d.recordKind}`).sort();

describe("a day's matching", () => {
  it.each<[string, OurRecord[], PartnerRecord[], OurRecord[], string[], number]>([
    ["a clean day", [our("a"), our("b")], [theirs("A"), theirs("B")], [], [], 2],
    ["ours only", [our("a")], [], [], ["ours_only/sale"], 0],
    ["the partner's only", [], [theirs("X")], [], ["partners_only/sale"], 0],
    ["an amount differs", [our("a")], [theirs("A", { amount: "90.00" })], [], ["amount_differs/sale"], 0],
    ["a currency differs", [our("a")], [theirs("A", { currency: "USD" })], [], ["amount_differs/sale"], 0],
    [
      "a late approval: ours failed, the partner's approved",
      [],
      [theirs("F")],
      [our("f", { status: "failed", at: new Date("2026-12-01T10:00:00Z") })],
      ["status_differs/sale"],
      0,
    ],
    [
      "a sale we approved that the partner declined",
      [our("a")],
      [theirs("A", { status: "failed" })],
      [],
      ["status_differs/sale"],
      0,
    ],
    [
      "a declined attempt before the approved one",
      [our("a")],
      [theirs("A", { status: "failed" }), theirs("A")],
      [],
      [],
      1,
    ],
    [
      "a panel refund of our sale",
      [],
      [theirs("S", { kind: "refund", occurredAt: noon, amount: "40.00" })],
      [our("s", { at: new Date("2026-11-30T10:00:00Z") })],
      ["partners_only/refund"],
      0,
    ],
    [
      "a refund we made, matched by the partner's reference",
      [our("r", { kind: "refund", ids: ["S"], partnerReference: "R1", amount: "40.00" })],
      [theirs("S", { kind: "refund", partnerReference: "R1", amount: "40.00" })],
      [],
      [],
      1,
    ],
    [
      "a void matches our refund",
      [our("r", { kind: "refund", ids: ["S"] })],
      [theirs("S", { kind: "void", partnerReference: null })],
      [],
      [],
      1,
    ],
    ["a chargeback", [], [theirs("S", { kind: "chargeback" })], [our("s")], ["partners_only/chargeback"], 0],
    [
      "a payout paid twice",
      [our("w", { kind: "payout" })],
      [
        theirs("W", { kind: "payout", partnerReference: "PO-1" }),
        theirs("W", { kind: "payout", partnerReference: "PO-2" }),
      ],
      [],
      ["partners_only/payout"],
      1,
    ],
    [
      "a sale stamped after midnight matches ours of the day",
      [our("a", { at: new Date("2026-12-05T20:59:59Z") })],
      [theirs("A", { occurredAt: "2026-12-05T21:00:02Z" })],
      [],
      [],
      1,
    ],
    [
      "ours on the next day, the partner's before midnight",
      [],
      [theirs("A", { occurredAt: "2026-12-05T20:59:59Z" })],
      [our("a", { at: new Date("2026-12-05T21:00:02Z") })],
      [],
      1,
    ],
    [
      "a partner record of the next day that matches nothing is not this day's",
      [],
      [theirs("Z", { occurredAt: "2026-12-05T21:05:00Z" })],
      [],
      [],
      0,
    ],
  ])("%s", (_, ours, partner, found, expected, matched) => {
    const result = run(ours, partner, found);
    expect(kinds(result)).toEqual(expected);
    expect(result.matched).toBe(matched);
    expect(result.partnerRecords).toBe(partner.length);
  });

  it("keys a discrepancy the same on every rerun, and adds the matched amount in decimal", () => {
    const ours = [our("a", { amount: "0.10" }), our("b", { amount: "0.20" }), our("c")];
    const partner = [theirs("A", { amount: "0.10" }), theirs("B", { amount: "0.20" }), theirs("X")];
    const first = run(ours, partner);
    const second = run(ours, partner);
    expect(first.matchedAmount).toBe("0.30");
    expect(first.drafts.map((d) => d.key)).toEqual(second.drafts.map((d) => d.key));
    expect(first.drafts.map((d) => d.key).sort()).toEqual(["ours:c", "sale:P-X-sale"]);
  });

  it("links a panel refund to the sale it names", () => {
    const sale = our("s", { transactionId: 42 });
    const result = run([], [theirs("S", { kind: "refund" })], [sale]);
    expect(result.drafts[0]?.ours?.transactionId).toBe(42);
  });
});
