import { settings } from "@/lib/base/config/settings";
import { prisma } from "@/lib/base/db/prisma";
import { verifyFromGateway } from "@/lib/integrations/gateways/gateway-secret";
import { verifyMessage } from "@/lib/integrations/gateways/shared-secret";
import { ApiError } from "@/lib/edge/http/api-error";
import { parseJsonBody, readBodyText } from "@/lib/edge/http/read-body";
import { withApiErrors, type RequestContext } from "@/lib/edge/http/with-api-errors";

type Verify = (raw: string, signature: string | null) => Promise<boolean> | boolean;

function sandboxSigned(header: string, verify: Verify, handler: (ctx: RequestContext & { body: unknown }) => Promise<Response>) {
  return withApiErrors(async (req, ctx) => {
    if (!settings.sandboxEnabled) throw ApiError.plain(404, "Not found", "The sandbox is disabled.");
    const raw = req.method === "GET" ? "" : await readBodyText(req);
    if (!(await verify(raw, req.headers.get(header)))) throw ApiError.plain(401, "Invalid signature", "The request is not signed with the shared secret.");
    return handler({ ...ctx, body: raw ? parseJsonBody(raw) : undefined });
  });
}

/** A sandbox system's API: absent when the sandbox is off; only requests signed with its shared secret. */
export function withSandboxSigned(purpose: "eiban-bank" | "card-acquirer", header: string, handler: (ctx: RequestContext & { body: unknown }) => Promise<Response>) {
  return sandboxSigned(header, (raw, signature) => verifyMessage(purpose, raw, signature), handler);
}

/**
 * A sandbox gateway's API (the http-partner protocol): each order names the merchant, which for the
 * sandbox is the gateway's id, and is signed with that gateway's own secret.
 */
export function withSandboxGatewaySigned(header: string, handler: (ctx: RequestContext & { body: unknown }) => Promise<Response>) {
  return sandboxSigned(
    header,
    async (raw, signature) => {
      const merchant = (() => {
        try {
          return String((JSON.parse(raw) as { merchantId?: unknown }).merchantId ?? "");
        } catch {
          return "";
        }
      })();
      const gateway = /^\d{1,9}$/.test(merchant) ? await prisma.gateway.findUnique({ where: { id: Number(merchant) }, select: { code: true, config: true } }) : null;
      return gateway !== null && verifyFromGateway(gateway, raw, signature);
    },
    handler,
  );
}
