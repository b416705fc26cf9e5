import type { ConsoleUser } from "@/lib/edge/auth/console-user";
import { en } from "@/lib/edge/i18n/console/en";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { formId } from "./form-values";

/**
 * The dealer a new dealer-owned row (bank account, E-IBAN wallet) goes to: the admin's choice, or the
 * staff member's own dealer. Staff posting another dealer's id (an edited form) are refused, not redirected.
 */
export function targetDealer(user: ConsoleUser, form: FormData, words: ConsoleMessages["errors"] = en.errors): { dealerId: number } | { error: string } {
  const posted = form.get("dealerId") === null ? null : formId(form, "dealerId");
  if (user.role === "ADMIN") return posted ? { dealerId: posted } : { error: words.chooseDealer };
  if (user.role !== "DEALER" || !user.dealerId) return { error: words.notLinkedToDealer };
  if (form.get("dealerId") !== null && posted !== user.dealerId) return { error: words.ownDealerOnly };
  return { dealerId: user.dealerId };
}
