import type { z } from "zod";
import {
  cardCallbackSchema,
  dealerCardCallbackSchema,
  depositCallbackSchema,
  withdrawalCallbackSchema,
} from "@/lib/api/schemas/responses/callbacks";

export type Webhook = { name: string; summary: string; description: string; body: z.ZodType; acknowledge: string };

const RETRIES =
  "Failed attempts (any answer but 200, a network error or 10 s without an answer) are retried after 1 min, 5 min, " +
  "15 min, 1 h, 3 h, 6 h, 12 h and 24 h; each attempt has a fresh timestamp and hash.";

/** The callbacks the service sends, as OpenAPI webhooks. */
export const WEBHOOKS: Webhook[] = [
  {
    name: "depositCallback",
    summary: "Deposit callback (to deposit_callback_url)",
    description: `A deposit of any method reached completed, canceled or expired. ${RETRIES}`,
    body: depositCallbackSchema,
    acknowledge: "Acknowledge with HTTP 200.",
  },
  {
    name: "withdrawalCallback",
    summary: "Withdrawal callback (to withdrawal_callback_url)",
    description: `A withdrawal of any method reached completed, rejected, failed or canceled. ${RETRIES}`,
    body: withdrawalCallbackSchema,
    acknowledge: "Acknowledge with HTTP 200.",
  },
  {
    name: "cardCallback",
    summary: "Card payment callback (to credit_card_callback_url)",
    description:
      `A provider's card payment succeeded, failed (also after 15 minutes: error_code TIMEOUT) or was ` +
      `cancelled by the customer. ${RETRIES}`,
    body: cardCallbackSchema,
    acknowledge: "Acknowledge with HTTP 200.",
  },
  {
    name: "dealerCardCallback",
    summary: "Dealer card payment callback (to the dealer's credit_card_callback_url)",
    description:
      `A dealer's card payment succeeded or failed (a customer cancel and the 15-minute expiry are ` +
      `reported as failed). ${RETRIES}`,
    body: dealerCardCallbackSchema,
    acknowledge: "Acknowledge with HTTP 200 and a JSON body whose success is true.",
  },
];
