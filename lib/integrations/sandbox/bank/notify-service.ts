import { signedRequestHeaders } from "@/lib/base/crypto/partner-signature";
import { BANK_SIGNATURE_HEADER, signBankMessage } from "@/lib/integrations/bank/bank-signature";
import { settings } from "@/lib/base/config/settings";

export type BankNotification =
  | {
      type: "transfer.completed" | "transfer.failed";
      clientRef: string;
      reference: string;
      reason?: string;
      occurredAt: string;
    }
  | {
      type: "incoming";
      reference: string;
      iban: string;
      amount: string;
      senderName: string;
      senderIban: string;
      description: string;
      occurredAt: string;
    };

/**
 * The bank's signed server-to-server notification, as a real bank would send it (docs/partner-protocol.md, version 2).
 */
export async function notifyService(
  notification: BankNotification,
  url = `${settings.publicBaseUrl}/api/webhooks/bank`,
): Promise<boolean> {
  const body = JSON.stringify(notification);
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...signedRequestHeaders(signBankMessage, {
          method: "POST",
          path: new URL(url).pathname + new URL(url).search,
          body,
          v1Header: BANK_SIGNATURE_HEADER,
        }),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    return res.ok;
  } catch {
    return false;
  }
}
