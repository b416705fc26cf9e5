import { formatAmount, formatMoney } from "@/lib/base/money/format-money";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { dayOf } from "@/lib/domain/reconciliation/recon-day";
import { consoleDay } from "./format";

type DecimalLike = string | { toFixed: (digits: number) => string };

/**
 * An amount in its own currency, in the console's number format: lira as every page shows it ("1.500,00 TL"),
 * another currency by its code (a gateway's "25,00 USD"), never converted.
 */
export function reconMoney(amount: DecimalLike, currency: string, t: ConsoleMessages): string {
  return currency === "TRY" ? formatMoney(amount, t.lang) : `${formatAmount(amount, t.lang)}\u00a0${currency}`;
}

/** A run's or discrepancy's Istanbul day (stored as a date: midnight UTC) as the language writes it. */
export function reconDay(day: Date, t: ConsoleMessages): string {
  return consoleDay(dayOf(day), t.lang);
}

/** The stored codes in words; a code the dictionary does not know yet is shown as stored. */
export const discrepancyKindWord = (kind: string, t: ConsoleMessages) => t.reconciliation.kinds[kind] ?? kind;
export const recordKindWord = (record: string, t: ConsoleMessages) => t.reconciliation.records[record] ?? record;
export const discrepancyStatusWord = (status: string, t: ConsoleMessages) =>
  t.reconciliation.statuses[status] ?? status;

/** The open (unresolved) states: an admin may still explain or accept it. */
export const UNRESOLVED = new Set(["open", "proposed"]);

/** The discrepancy an alert of the reconciliation names (details.discrepancyId), or null for other alerts. */
export function discrepancyIdOf(alert: { kind: string; details?: unknown }): number | null {
  if (alert.kind !== "reconciliation_discrepancy") return null;
  const id = (alert.details as { discrepancyId?: unknown } | null)?.discrepancyId;
  return typeof id === "number" && Number.isInteger(id) && id > 0 ? id : null;
}
