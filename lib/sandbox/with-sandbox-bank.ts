import { BANK_SIGNATURE_HEADER, verifyBankMessage } from "@/lib/bank/bank-signature";
import { settings } from "@/lib/config/settings";
import { ApiError } from "@/lib/http/api-error";
import { withApiErrors, type RequestContext } from "@/lib/http/with-api-errors";

/** The sandbox bank's API: absent when the sandbox is off; only requests signed with the bank secret. */
export function withSandboxBank(handler: (ctx: RequestContext & { body: unknown }) => Promise<Response>) {
  return withApiErrors(async (req, ctx) => {
    if (!settings.sandboxEnabled) throw ApiError.plain(404, "Not found", "The sandbox is disabled.");
    const raw = req.method === "GET" ? "" : await req.text();
    if (!verifyBankMessage(raw, req.headers.get(BANK_SIGNATURE_HEADER))) throw ApiError.plain(401, "Invalid signature", "The request is not signed with the bank secret.");
    return handler({ ...ctx, body: raw ? JSON.parse(raw) : undefined });
  });
}
