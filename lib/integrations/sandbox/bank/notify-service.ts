import { BANK_SIGNATURE_HEADER, signBankMessage } from "@/lib/integrations/bank/bank-signature";
import { settings } from "@/lib/base/config/settings";

export type BankNotification =
  | { type: "transfer.completed" | "transfer.failed"; clientRef: string; reference: string; reason?: string; occurredAt: string }
  | { type: "incoming"; reference: string; iban: string; amount: string; senderName: string; senderIban: string; description: string; occurredAt: string };

/** The bank's signed server-to-server notification, as a real bank would send it. */
export async function notifyService(notification: BankNotification, url = `${settings.publicBaseUrl}/api/webhooks/bank`): Promise<boolean> {
  const body = JSON.stringify(notification);
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", [BANK_SIGNATURE_HEADER]: signBankMessage(body) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    return res.ok;
  } catch {
    return false;
  }
}
