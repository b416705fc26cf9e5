import { readNote } from "@/lib/base/messages/english-notes";

export type CustomerAmountChange = { requested: string; current: string; changes: number };

/**
 * What the customer did to the amount on the payment page, from the deposit's CUSTOMER history rows (oldest
 * first; the payment page writes an `amountChanged` note, lib/domain/customers/customer-actions.ts): the amount the
 * site requested, the amount now asked for and how many changes led there. Null when the customer left it
 * alone, or changed it back to the requested amount.
 */
export function customerAmountChange(
  events: { actorType: string; noteKey: string | null; noteParams: unknown }[],
  current: string,
): CustomerAmountChange | null {
  const changes = events
    .filter((e) => e.actorType === "CUSTOMER")
    .flatMap((e) => {
      const n = readNote(e.noteKey, e.noteParams);
      return n?.key === "amountChanged" ? [{ from: n.params.previous, to: n.params.amount }] : [];
    });
  const first = changes[0];
  if (!first || first.from === current) return null;
  return { requested: first.from, current, changes: changes.length };
}
