import type { PaymentMethod } from "@/lib/generated/prisma/enums";

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  MANUAL_BANK: "Manual bank",
  EIBAN: "E-IBAN",
  CREDIT_CARD: "Card",
  TP_BANK: "Bank (gateway)",
  TP_CRYPTO: "Crypto",
  TP_WALLET: "Wallet",
};

/** Fixed order, so a method keeps its colour from one day, page load and user to the next. */
export const METHOD_ORDER = Object.keys(METHOD_LABELS) as PaymentMethod[];

/** "2026-11-22" -> "22 Nov": short enough for 30 ticks on a tablet. */
export function shortDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}
