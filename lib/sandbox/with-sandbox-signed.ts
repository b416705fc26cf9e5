import { settings } from "@/lib/config/settings";
import { verifyMessage } from "@/lib/gateways/shared-secret";
import { ApiError } from "@/lib/http/api-error";
import { withApiErrors, type RequestContext } from "@/lib/http/with-api-errors";

/** A sandbox system's API: absent when the sandbox is off; only requests signed with its shared secret. */
export function withSandboxSigned(
  purpose: "eiban-bank" | "card-acquirer" | "third-party-gateways",
  header: string,
  handler: (ctx: RequestContext & { body: unknown }) => Promise<Response>,
) {
  return withApiErrors(async (req, ctx) => {
    if (!settings.sandboxEnabled) throw ApiError.plain(404, "Not found", "The sandbox is disabled.");
    const raw = req.method === "GET" ? "" : await req.text();
    if (!verifyMessage(purpose, raw, req.headers.get(header))) throw ApiError.plain(401, "Invalid signature", "The request is not signed with the shared secret.");
    return handler({ ...ctx, body: raw ? JSON.parse(raw) : undefined });
  });
}
