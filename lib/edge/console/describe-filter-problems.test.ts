import { describe, expect, it } from "vitest";
import { CONSOLE_MESSAGES } from "@/lib/edge/i18n/console/messages";
import { parseTransactionFilters } from "@/lib/domain/schemas/transaction-filters";
import { describeFilterProblems } from "./describe-filter-problems";

describe("describeFilterProblems", () => {
  const { problems } = parseTransactionFilters({
    minAmount: "abc",
    status: "paid",
    from: "2026-02-01",
    to: "2026-01-01",
    page: "x",
  });

  it("names each unreadable filter by its form label, in English", () => {
    expect(describeFilterProblems(problems, CONSOLE_MESSAGES.en)).toEqual([
      'Status "paid" is not understood, so it is not applied.',
      'Min amount "abc" is not understood, so it is not applied.',
      "The From date is after the To date, so nothing can match.",
    ]);
  });

  it("and in Turkish", () => {
    expect(describeFilterProblems(problems, CONSOLE_MESSAGES.tr)).toEqual([
      'Durum "paid" anlaşılamadı, bu yüzden uygulanmadı.',
      'En düşük tutar "abc" anlaşılamadı, bu yüzden uygulanmadı.',
      "Başlangıç tarihi bitiş tarihinden sonra; hiçbir işlem eşleşemez.",
    ]);
  });
});
