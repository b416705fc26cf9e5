import { z } from "zod";
import { parseAmountInput } from "@/lib/base/money/parse-amount-input";

/**
 * Zod fields for a console form as `consoleAction` hands it over (every value untrusted). They never fail:
 * a malformed id is null, a missing text "", so each action keeps its own words for what is missing. Each is
 * optional before its transform: a form that does not post a field (another panel's form) still parses.
 */
const posted = z.unknown().optional();
export const formField = {
  /** A row id: 1 to 9 digits, null otherwise. */
  id: posted.transform((raw) =>
    typeof raw === "string" && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null,
  ),
  text: posted.transform((raw) => (typeof raw === "string" ? raw : "")),
  /** A checkbox: present ("on") when ticked. */
  flag: posted.transform((raw) => raw === "on"),
  /**
   * An amount as typed ("1.750,50", "1750.50"), normalised; what cannot be read is passed on for the schema's message.
   */
  amount: posted.transform((raw) => {
    const text = typeof raw === "string" ? raw.trim() : "";
    return parseAmountInput(text) ?? text;
  }),
  /** A field that may repeat (checkbox groups): every string value, in order. */
  list: posted.transform((raw) =>
    (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter((v): v is string => typeof v === "string"),
  ),
};

/** A form's fields as a plain object for the schema: a name posted once is its value, a repeated one a list. */
export function formFields(form: FormData | undefined): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (!(form instanceof FormData)) return fields;
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name);
    fields[name] = values.length > 1 ? values : values[0];
  }
  return fields;
}
