import { z } from "zod";
import { BANK_SIGNATURE_HEADER, verifyBankMessage } from "@/lib/bank/bank-signature";
import { recordIncomingPayment } from "@/lib/eiban/record-incoming-payment";
import { ApiError } from "@/lib/http/api-error";
import { jsonResponse } from "@/lib/http/json-response";
import { validate } from "@/lib/http/validate";
import { withApiErrors } from "@/lib/http/with-api-errors";
import { settleTransfer } from "@/lib/transfers/settle-transfer";

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

/** The E-IBAN bank's signed notifications. Only the signature is trusted; repeats change nothing. */
export const POST = withApiErrors(async (req) => {
  const raw = await req.text();
  if (!verifyBankMessage(raw, req.headers.get(BANK_SIGNATURE_HEADER))) {
    throw ApiError.plain(401, "Invalid signature", "The notification is not signed by the bank.");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw ApiError.plain(400, "Invalid JSON", "The request body is not valid JSON.");
  }
  const event = validate(notification, parsed);
  if (event.type === "incoming") {
    const status = await recordIncomingPayment({ ...event, occurredAt: new Date(event.occurredAt) });
    return jsonResponse({ success: true, status });
  }
  const known = await settleTransfer({ transferId: event.clientRef, reference: event.reference, completed: event.type === "transfer.completed", reason: event.reason, occurredAt: new Date(event.occurredAt) });
  return jsonResponse({ success: true, status: known ? "settled" : "unknown-transfer" });
});
