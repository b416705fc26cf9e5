import { settings } from "@/lib/base/config/settings";
import { signMessage } from "./shared-secret";

export const ACQUIRER_SIGNATURE_HEADER = "x-acquirer-signature";

export type CheckoutSession = { sessionId: string; redirectUrl: string };

export type CheckoutRequest = {
  orderId: string;
  amount: string;
  currency: string;
  description: string;
  merchant: string;
  returnUrl: string;
  notifyUrl: string;
  /** The checkout closes when the payment does (ISO 8601): the acquirer must not charge after that. */
  expiresAt: string;
};

/** The card acquirer: a hosted card form with 3-D Secure; the outcome comes back as a signed notification. */
export interface CardAcquirer {
  /** Idempotent on orderId. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
}

const sandboxAcquirer: CardAcquirer = {
  async createCheckout(request) {
    const body = JSON.stringify(request);
    const res = await fetch(`${settings.publicBaseUrl}/sandbox/acquirer/api/sessions`, {
      method: "POST",
      headers: { "content-type": "application/json", [ACQUIRER_SIGNATURE_HEADER]: signMessage("card-acquirer", body) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`the acquirer refused the checkout (${res.status})`);
    return (await res.json()) as CheckoutSession;
  },
};

/** The configured acquirer; only the sandbox one ships with the project (decisions §7). */
export function cardAcquirer(): CardAcquirer {
  if (settings.sandboxEnabled) return sandboxAcquirer;
  throw new Error("No card acquirer is configured (the sandbox acquirer is off in production)");
}
