import { describe, expect, it } from "vitest";
import { EXCEL_TR_CSV } from "@/lib/base/csv/csv-dialect";
import { Prisma, type ReconDiscrepancy } from "@/lib/generated/prisma/client";
import { discrepanciesCsv, MACHINE_DISCREPANCY_CSV } from "./discrepancies-csv";

const row: ReconDiscrepancy = {
  id: 7,
  runId: 3,
  account: "acquirer:12",
  partner: "est-v3",
  day: new Date("2026-11-24T00:00:00Z"),
  kind: "partners_only",
  recordKind: "refund",
  key: "ref:PNL-1",
  orderId: "ORD-1",
  transactionId: 88,
  dealerId: 12,
  providerId: 4,
  gatewayId: null,
  amount: new Prisma.Decimal("1234.50"),
  currency: "TRY",
  ours: null,
  theirs: { kind: "refund" },
  status: "open",
  proposedBy: null,
  proposedById: null,
  proposedAt: null,
  resolvedBy: null,
  resolvedAt: null,
  reason: null,
  // 2026-11-24 10:15:00 in Istanbul (UTC+3).
  createdAt: new Date("2026-11-24T07:15:00Z"),
  updatedAt: new Date("2026-11-24T07:15:00Z"),
};
const labels = new Map([["acquirer:12", "Bayi; Ayşe"]]);
const lines = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

describe("discrepanciesCsv", () => {
  it("writes raw values in the machine dialect: exact decimals, ISO days, Istanbul times", () => {
    const [header, line] = lines(discrepanciesCsv([row], labels));
    expect(header).toBe(
      "id,day,account,account_label,partner,kind,record_kind,order_id,amount,currency,status,transaction_id," +
        "dealer_id,provider_id,found_at,proposed_by,resolved_by,resolved_at,reason",
    );
    expect(line).toBe(
      "7,2026-11-24,acquirer:12,Bayi; Ayşe,est-v3,partners_only,refund,ORD-1,1234.50,TRY,open,88,12,4," +
        "2026-11-24 10:15:00,,,,",
    );
  });

  it("words the spreadsheet dialect: semicolons, decimal commas, Turkish days and the given words", () => {
    const words = { kind: () => "Yalnızca iş ortağında", recordKind: () => "İade", status: () => "Açık" };
    const header = { ...MACHINE_DISCREPANCY_CSV.words.header, amount: "Tutar" };
    const [head, line] = lines(discrepanciesCsv([row], labels, { dialect: EXCEL_TR_CSV, words: { header, ...words } }));
    expect(head).toContain(";Tutar;");
    expect(line).toBe(
      '7;24.11.2026;acquirer:12;"Bayi; Ayşe";est-v3;Yalnızca iş ortağında;İade;ORD-1;1234,50;TRY;Açık;88;12;4;' +
        "24.11.2026 10:15:00;;;;",
    );
  });
});
