import { BANK_SIGNATURE_HEADER } from "@/lib/integrations/bank/bank-signature";
import type { RequestContext } from "@/lib/edge/http/with-api-errors";
import { withSandboxBankSigned } from "./with-sandbox-signed";

/**
 * The sandbox bank's API: absent when the sandbox is off; only requests signed with the bank secret
 * (docs/partner-protocol.md).
 */
export function withSandboxBank(handler: (ctx: RequestContext & { body: unknown }) => Promise<Response>) {
  return withSandboxBankSigned(BANK_SIGNATURE_HEADER, handler);
}
