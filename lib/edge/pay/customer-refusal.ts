import { DomainError } from "@/lib/base/errors/domain-error";
import type { ErrorKey } from "@/lib/base/messages/errors";
import type { ApiError } from "@/lib/edge/http/api-error";
import { PAY_MESSAGES, type Lang, type PayMessages } from "@/lib/edge/i18n/pay/messages";

type CustomerWords = Exclude<keyof PayMessages["errors"], "amount">;

/**
 * Which of the payment page's words answers a refusal the customer can meet, by its key: the domain's own
 * words are for staff and partners, the customer reads what happened and what they can do next.
 */
const FOR_CUSTOMER: Partial<Record<ErrorKey, CustomerWords>> = {
  noBankAccountFor: "account",
  noEibanAccount: "account",
  overAccountMax: "account",
  gatewayUnavailable: "gatewayBusy",
  gatewayAmount: "gatewayRefused",
  chooseCoin: "gatewayRefused",
  gatewayUnusable: "gatewayRefused",
  notOpen: "closed",
  cannotChange: "closed",
  fixedAmount: "closed",
  unknownPayment: "closed",
  paymentMissing: "closed",
  transitionRefused: "closed",
};

/**
 * A refusal in the customer's language: by its key where the page has words for it, else by its kind (422: another
 * amount).
 */
export function customerRefusal(error: unknown, refusal: ApiError, l: Lang): string {
  const key = error instanceof DomainError ? error.refusals[0]?.key : undefined;
  const words = key ? FOR_CUSTOMER[key] : undefined;
  return PAY_MESSAGES[l].errors[words ?? (refusal.status === 422 ? "account" : "closed")];
}
