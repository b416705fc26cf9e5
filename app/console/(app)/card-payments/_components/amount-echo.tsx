"use client";

import { useEffect, useState } from "react";
import { formatMoney, type MoneyLang } from "@/lib/base/money/format-money";
import { parseAmountInput } from "@/lib/base/money/parse-amount-input";

/**
 * A sentence naming the amount typed in another field ("Refund 50,00 TL to Ayşe Yılmaz?"), as it is typed;
 * an empty field means `whenEmpty` (all that is left). Before scripts run, and for what is not an amount, it
 * says `fallback`, which names no amount it cannot know.
 */
export function AmountEcho({
  inputId,
  lang,
  whenEmpty,
  around,
  fallback,
}: {
  inputId: string;
  lang: MoneyLang;
  whenEmpty: string;
  around: [string, string];
  fallback: string;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!(input instanceof HTMLInputElement)) return;
    const read = () => setTyped(input.value);
    read();
    input.addEventListener("input", read);
    return () => input.removeEventListener("input", read);
  }, [inputId]);
  if (typed === null) return <>{fallback}</>;
  const amount = typed.trim() === "" ? whenEmpty : parseAmountInput(typed);
  if (amount === null || amount === "0.00") return <>{fallback}</>;
  return (
    <>
      {around[0]}
      <span data-testid="refund-amount-echo">{formatMoney(amount, lang)}</span>
      {around[1]}
    </>
  );
}
