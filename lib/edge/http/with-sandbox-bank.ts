import { BANK_SIGNATURE_HEADER } from "@/lib/integrations/bank/bank-signature";
import type { RequestContext } from "@/lib/edge/http/with-api-errors";
import { withSandboxSigned } from "./with-sandbox-signed";

/** The sandbox bank's API: absent when the sandbox is off; only requests signed with the bank secret. */
export function withSandboxBank(handler: (ctx: RequestContext & { body: unknown }) => Promise<Response>) {
  return withSandboxSigned("eiban-bank", BANK_SIGNATURE_HEADER, handler);
}
