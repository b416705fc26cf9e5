import type { ConsoleUser } from "@/lib/edge/auth/console-user";
import { en } from "@/lib/edge/i18n/console/en";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { formField } from "./form-fields";

/**
 * The dealer a new dealer-owned row (bank account, E-IBAN wallet) goes to: the admin's choice, or the
 * staff member's own dealer. `posted` is the form's dealerId field as posted (undefined when absent).
 * Staff posting another dealer's id (an edited form) are refused, not redirected; consoleAction already
 * refuses that before the action runs, this stays for the words of an empty choice.
 */
export function targetDealer(
  user: ConsoleUser,
  posted: unknown,
  words: ConsoleMessages["errors"] = en.errors,
): { dealerId: number } | { error: string } {
  const id = posted === undefined || posted === null ? null : formField.id.parse(posted);
  if (user.role === "ADMIN") return id ? { dealerId: id } : { error: words.chooseDealer };
  if (user.role !== "DEALER" || !user.dealerId) return { error: words.notLinkedToDealer };
  if (posted !== undefined && posted !== null && id !== user.dealerId) return { error: words.ownDealerOnly };
  return { dealerId: user.dealerId };
}
