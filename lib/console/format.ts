import { formatDateTime } from "@/lib/time/format";

export const KIND_LABELS = {
  PROVIDER_DEPOSIT: "Deposit",
  PROVIDER_WITHDRAWAL: "Withdrawal",
  PROVIDER_CARD: "Card (provider)",
  DEALER_CARD: "Card (dealer)",
  TEST: "Test",
} as const;

/** Console times: the service zone, to the second. */
export function consoleTime(date: Date | null | undefined): string {
  return date ? formatDateTime(date) : "—";
}

/** "1 entry", "3 entries". */
export function countLabel(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
