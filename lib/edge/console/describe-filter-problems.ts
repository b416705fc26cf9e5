import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { FilterField, FilterProblem } from "@/lib/domain/schemas/transaction-filters";

/** The explorer's filter problems in words, naming each field as the filter form labels it. */
export function describeFilterProblems(problems: FilterProblem[], t: ConsoleMessages): string[] {
  const words = t.transactions.filters;
  const label: Record<FilterField, string> = {
    q: words.search,
    method: t.common.method,
    direction: t.common.type,
    status: t.common.status,
    siteId: t.common.site,
    providerId: t.common.provider,
    dealerId: t.common.dealer,
    from: t.common.from,
    to: t.common.to,
    minAmount: t.common.minAmount,
    maxAmount: t.common.maxAmount,
  };
  return problems.map((p) => (p.kind === "unreadable" ? words.notUnderstood(label[p.field], p.given) : words[p.kind]));
}
