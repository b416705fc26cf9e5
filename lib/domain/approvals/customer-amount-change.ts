/** The history note the payment page writes when the customer changes a deposit's amount (lib/edge/pay/customer-actions.ts). */
const AMOUNT_CHANGE_NOTE = /^Amount changed from (\d+\.\d{2}) to (\d+\.\d{2})$/;

export type CustomerAmountChange = { requested: string; current: string; changes: number };

/**
 * What the customer did to the amount on the payment page, from the deposit's CUSTOMER history rows (oldest
 * first): the amount the site requested, the amount now asked for and how many changes led there. Null when
 * the customer left it alone, or changed it back to the requested amount.
 */
export function customerAmountChange(events: { actorType: string; note: string | null }[], current: string): CustomerAmountChange | null {
  const changes = events.filter((e) => e.actorType === "CUSTOMER").flatMap((e) => {
    const match = AMOUNT_CHANGE_NOTE.exec(e.note ?? "");
    return match?.[1] && match[2] ? [{ from: match[1], to: match[2] }] : [];
  });
  const first = changes[0];
  if (!first || first.from === current) return null;
  return { requested: first.from, current, changes: changes.length };
}
