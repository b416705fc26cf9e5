import { z } from "zod";
import { BANK_SIGNATURE_HEADER } from "@/lib/integrations/bank/bank-signature";
import { recordIncomingPayment } from "@/lib/domain/eiban/record-incoming-payment";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { withBankWebhook } from "@/lib/edge/http/with-bank-webhook";
import { settleTransfer } from "@/lib/domain/transfers/settle-transfer";

const notification = z.discriminatedUnion("type", [
  z.object({ type: z.enum(["transfer.completed", "transfer.failed"]), clientRef: z.string(), reference: z.string(), reason: z.string().optional(), occurredAt: z.iso.datetime() }),
  z.object({
    type: z.literal("incoming"),
    reference: z.string().min(1),
    iban: z.string().min(1),
    amount: z.string().regex(/^\d+\.\d{2}$/),
    senderName: z.string(),
    senderIban: z.string(),
    description: z.string(),
    occurredAt: z.iso.datetime(),
  }),
]);

/**
 * The E-IBAN bank's signed notifications: transfer outcomes and incoming payments; repeats change nothing.
 * A wallet with a bank connector is verified and booked through it; this handler is the sandbox bank's.
 */
export const POST = withBankWebhook(BANK_SIGNATURE_HEADER, notification, async (event) => {
  if (event.type === "incoming") {
    const status = await recordIncomingPayment({ ...event, occurredAt: new Date(event.occurredAt) });
    return jsonResponse({ success: true, status });
  }
  const known = await settleTransfer({ transferId: event.clientRef, reference: event.reference, completed: event.type === "transfer.completed", reason: event.reason, occurredAt: new Date(event.occurredAt) });
  return jsonResponse({ success: true, status: known ? "settled" : "unknown-transfer" });
});
