import { withBankWebhook } from "@/lib/edge/http/with-bank-webhook";

/**
 * The E-IBAN bank's signed notifications (docs/partner-protocol.md): transfer outcomes and incoming payments,
 * booked only onto what the verifying secret may book; repeats change nothing.
 */
export const POST = withBankWebhook();
