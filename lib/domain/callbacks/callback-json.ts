/** Body fields that carry money: kept as decimal strings in the outbox, written as JSON numbers. */
const MONEY_FIELDS = new Set(["amount"]);
const DECIMAL = /^\d{1,16}(?:\.\d{1,2})?$/;

/** A NUMERIC(18,2) as the decimal text of a JSON number, without trailing zeros ("250.50" -> "250.5"). */
export function moneyText(value: { toFixed: (digits: number) => string }): string {
  return value.toFixed(2).replace(/\.?0+$/, "");
}

/**
 * The callback body as JSON text. Money fields hold decimal strings (from moneyText) and are written as
 * number literals straight from those digits, so an amount never passes through a float on its way out.
 * Payloads stored before they held strings (numbers) are written as JSON.stringify writes them.
 */
function isMoneyDigits(key: string, value: unknown): value is string {
  return MONEY_FIELDS.has(key) && typeof value === "string" && DECIMAL.test(value);
}

export function callbackJson(body: Record<string, unknown>): string {
  const members = Object.entries(body)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${JSON.stringify(key)}:${isMoneyDigits(key, value) ? value : JSON.stringify(value)}`);
  return `{${members.join(",")}}`;
}
