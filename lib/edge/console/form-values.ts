import { parseAmountInput } from "@/lib/base/money/parse-amount-input";

/** Reading a server action's FormData; every value is untrusted, so ids come back null when malformed. */

export function formId(form: FormData, name = "id"): number | null {
  const raw = form.get(name);
  if (typeof raw !== "string" || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

export function formText(form: FormData, name: string): string {
  const raw = form.get(name);
  return typeof raw === "string" ? raw : "";
}

/**
 * An amount field as typed ("1.750,50", "1750.50"), normalised for the schemas; what cannot be read is
 * passed on as typed, so the schema's message names the field.
 */
export function formAmount(form: FormData, name: string): string {
  const text = formText(form, name).trim();
  return parseAmountInput(text) ?? text;
}

/** A checkbox: present ("on") when ticked. */
export function formFlag(form: FormData, name: string): boolean {
  return form.get(name) === "on";
}
