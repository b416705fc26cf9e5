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

/** A sandbox gateway's API: each order is signed with the secret of the gateway it names (gatewayCode). */
export function withSandboxGatewaySigned(header: string, handler: (ctx: RequestContext & { body: unknown }) => Promise<Response>) {
  return sandboxSigned(
    header,
    async (raw, signature) => {
      const code = (() => {
        try {
          return String((JSON.parse(raw) as { gatewayCode?: unknown }).gatewayCode ?? "");
        } catch {
          return "";
        }
      })();
      const gateway = code ? await prisma.gateway.findUnique({ where: { code }, select: { code: true, webhookSecretEnc: true } }) : null;
      return gateway !== null && verifyFromGateway(gateway, raw, signature);
    },
    handler,
  );
}
