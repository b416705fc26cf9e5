import { defineMethod, type Lifecycle } from "../lifecycle-types";

/**
 * A card payment may be tried at most this often at its acquirer (a decline leaves it open for another card
 * until then, the `retry_left` guard): enough for a customer with a second card, too few for trying a list
 * of stolen ones.
 */
export const MAX_CARD_ATTEMPTS = 3;

const RULES = [
  { from: "pending", to: "success", by: ["acquirer"], means: "The acquirer approved the payment" },
  {
    from: "pending",
    to: "pending",
    by: ["acquirer"],
    guard: "retry_left",
    means:
      "The acquirer declined one attempt: the payment stays open and the customer may try another card (no callback)",
  },
  {
    from: "pending",
    to: "failed",
    by: ["acquirer"],
    means: "The acquirer declined the last attempt allowed (error_code from the acquirer)",
  },
  {
    from: "pending",
    to: "failed",
    by: ["expiry"],
    means: "Not completed within 15 minutes (error_code TIMEOUT, or the last declined attempt's error_code)",
  },
  { from: "pending", to: "cancelled", by: ["acquirer"], means: "The customer cancelled on the acquirer's page" },
  { from: "pending", to: "cancelled", by: ["customer"], means: "The customer cancelled on the payment page" },
  {
    from: "success",
    to: "refunded",
    by: ["admin", "dealer_staff"],
    means:
      "Staff refund it (no callback; visible in the status). Moves when the approved refunds reach the amount; a " +
      'refund the acquirer did not answer is "unknown", holds its amount and blocks other refunds until the ' +
      "acquirer's records show it made or not made",
  },
] as const satisfies Lifecycle["transitions"];

/** Card payments (CC-) from both APIs; the provider's callback and the dealer's differ in shape only. */
export const CREDIT_CARD = defineMethod({
  label: "Credit card",
  dealerSwitch: "credit_card",
  pageKind: "card-checkout",
  callbackExtras: "none",
  flows: [
    {
      direction: "PAYMENT",
      origin: "PROVIDER",
      prefix: "CC",
      name: "Card payment (provider)",
      initial: "pending",
      transitions: RULES,
      callback: { kind: "PROVIDER_CARD", on: ["success", "failed", "cancelled"] },
      ledger: { event: "CARD_PAYMENT", on: "success" },
    },
    {
      direction: "PAYMENT",
      origin: "DEALER",
      prefix: "CC",
      name: "Card payment (dealer)",
      initial: "pending",
      transitions: RULES,
      callback: { kind: "DEALER_CARD", on: ["success", "failed", "cancelled"] },
      ledger: { event: "CARD_PAYMENT", on: "success" },
    },
  ],
});
