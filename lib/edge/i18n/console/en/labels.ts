import { wordMap } from "@/lib/edge/i18n/word-map";
import type { ActorType, CallbackKind, DeliveryState, Direction, Origin } from "@/lib/generated/prisma/enums";
import { methodWords } from "@/lib/edge/i18n/methods/en";
import type { DealerSwitch } from "@/lib/domain/payment-methods/dealer-switches";
import type { StatusReading } from "@/lib/domain/payment-methods/status-reading";

const status: Record<StatusReading | "cancelled", string> = {
  showing: "page open",
  pending: "pending",
  processing: "paying out",
  completed: "completed",
  success: "paid",
  canceled: "canceled",
  cancelled: "canceled",
  rejected: "rejected",
  declined: "declined",
  expired: "expired",
  failed: "failed",
  refunded: "refunded",
};

/** What each word stands for in the API, for the filter's choices: the values callbacks and the machine CSV carry. */
const statusHint: Record<StatusReading, string> = {
  showing: "API: showing (the customer has the page)",
  pending: "API: pending",
  processing: "API: processing",
  completed: "API: completed",
  success: "API: success (card payments)",
  canceled: "API: canceled, cancelled (by the customer or the service)",
  rejected: "API: rejected; deposits: canceled (by staff)",
  declined: "API: canceled (deposits the gateway declined)",
  expired: "API: expired",
  failed: "API: failed",
  refunded: "API: refunded",
};

const kind: Record<CallbackKind, string> = {
  PROVIDER_DEPOSIT: "Deposit",
  PROVIDER_WITHDRAWAL: "Withdrawal",
  PROVIDER_CARD: "Card (provider)",
  DEALER_CARD: "Card (dealer)",
  TEST: "Test",
};

const direction: Record<Direction, string> = { DEPOSIT: "Deposit", WITHDRAWAL: "Withdrawal", PAYMENT: "Card payment" };
const origin: Record<Origin, string> = { PROVIDER: "Provider API", DEALER: "Dealer API" };
/** The origin as one lowercase word, inside a sentence. */
const originWord: Record<Origin, string> = { PROVIDER: "provider", DEALER: "dealer" };
const actor: Record<ActorType, string> = {
  SYSTEM: "System",
  API: "API",
  CUSTOMER: "Customer",
  CONSOLE_USER: "Console user",
  GATEWAY: "Gateway",
  CLI: "CLI",
};
const deliveryState: Record<DeliveryState, string> = {
  PENDING: "Pending",
  DELIVERED: "Delivered",
  EXHAUSTED: "Failed (exhausted)",
  NO_URL: "No URL: stopped",
};

/** Names of stored values (enums) as staff read them; the values themselves never change with the language. */
export const labels = {
  method: methodWords.method,
  methodShort: methodWords.methodShort,
  direction,
  origin,
  originWord,
  actor,
  status,
  statusHint,
  /** A stored status as the API spells it, beside its word. */
  apiValue: (value: string) => `API: ${value}`,
  /** The acquirer's and the expiry's error codes, in words (the code itself is kept beside them). */
  /** The ISO 8583 result codes Turkish banks answer with (two digits), for a card attempt's outcome. */
  iso8583: wordMap({
    "01": "refer to the card's issuer",
    "02": "refer to the card's issuer (special condition)",
    "03": "invalid merchant",
    "04": "pick up the card",
    "05": "not approved by the card's bank",
    "12": "invalid transaction",
    "13": "invalid amount",
    "14": "invalid card number",
    "15": "no such card issuer",
    "33": "card expired (pick up)",
    "34": "suspected fraud",
    "41": "lost card",
    "43": "stolen card",
    "51": "insufficient funds",
    "54": "card expired",
    "55": "incorrect PIN",
    "57": "not permitted to the card holder",
    "58": "not permitted to the terminal",
    "61": "over the card's amount limit",
    "62": "restricted card",
    "65": "over the card's use limit",
    "77": "request refused",
    "82": "invalid CVV",
    "91": "the card's bank is not answering",
    "96": "system malfunction",
    "99": "general error",
  }),
  errorCode: wordMap({
    TIMEOUT: "timed out",
    CANCELLED: "cancelled",
    CARD_DECLINED: "card declined",
    INSUFFICIENT_FUNDS: "insufficient funds",
    "3DS_FAILED": "3-D Secure failed",
  }),
  kind,
  deliveryState,
  dealerMethod: { credit_card: "Credit card", eiban: "E-IBAN", manual_iban: "Manual IBAN" } satisfies Record<
    DealerSwitch,
    string
  >,
  gatewayMethod: methodWords.gatewayMethod,
  /** The secret rotation's grace choices (GRACE_CHOICES in lib/domain/accounts/secret-rotation.ts). */
  grace: { none: "None: the old secret stops working at once", hour: "1 hour", day: "24 hours", week: "7 days" },
};

export type LabelMessages = typeof labels;
