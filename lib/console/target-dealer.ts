import type { ConsoleUser } from "@/lib/auth/console-user";
import { formId } from "./form-values";

/**
 * The dealer a new dealer-owned row (bank account, E-IBAN wallet) goes to: the admin's choice, or the
 * staff member's own dealer. Staff posting another dealer's id (an edited form) are refused, not redirected.
 */
export function targetDealer(user: ConsoleUser, form: FormData): { dealerId: number } | { error: string } {
  const posted = form.get("dealerId") === null ? null : formId(form, "dealerId");
  if (user.role === "ADMIN") return posted ? { dealerId: posted } : { error: "Choose a dealer." };
  if (user.role !== "DEALER" || !user.dealerId) return { error: "Your account is not linked to a dealer." };
  if (form.get("dealerId") !== null && posted !== user.dealerId) return { error: "You can only add to your own dealer." };
  return { dealerId: user.dealerId };
}
