import { settings } from "@/lib/base/config/settings";
import {
  checkPartnerRequest,
  PARTNER_NONCE_HEADER,
  signedAnswerHeaders,
  v1Accepted,
  type Signer,
} from "@/lib/base/crypto/partner-signature";
import { claimPartnerNonce } from "@/lib/domain/idempotency/partner-nonces";
import { findGatewaySigningConfig } from "@/lib/domain/third-party/find-gateway";
import { signForGateway } from "@/lib/integrations/gateways/gateway-secret";
import { signMessage, verifyMessage } from "@/lib/integrations/gateways/shared-secret";
import { ApiError } from "@/lib/edge/http/api-error";
import { parseJsonBody, readBodyText } from "@/lib/edge/http/read-body";
import { withApiErrors, type RequestContext } from "@/lib/edge/http/with-api-errors";

/** Who signs for the sandbox system a request reaches: its signer and the scope its nonces are remembered in. */
type Party = { sign: Signer; scope: string };

/**
 * A sandbox partner's API, as a partner of docs/partner-protocol.md answers us: the request is verified
 * (version 2 over method, path, timestamp, nonce and body, its nonce remembered so a replay is refused;
 * version 1 over the body while the transition lasts) before anything is done, and a 2xx answer is signed
 * for the request it answers (version 2 over the request's nonce; version 1's header over the body too
 * while the transition lasts).
 */
function sandboxPartner(
  header: string,
  partyOf: (raw: string) => Promise<Party | null> | Party | null,
  handler: (ctx: RequestContext & { body: unknown }) => Promise<Response>,
) {
  return withApiErrors(async (req, ctx) => {
    if (!settings.sandboxEnabled) throw ApiError.plain(404, "Not found", "The sandbox is disabled.");
    const raw = req.method === "GET" ? "" : await readBodyText(req);
    const url = new URL(req.url);
    const headers = Object.fromEntries([...req.headers.entries()].map(([k, v]) => [k.toLowerCase(), v]));
    const party = await partyOf(raw);
    const check = party
      ? checkPartnerRequest(
          party.sign,
          { method: req.method, path: url.pathname + url.search, headers, rawBody: raw },
          header,
        )
      : { ok: false as const, reason: "unknown merchant" };
    if (
      !check.ok ||
      (check.version === "v2" &&
        !(await claimPartnerNonce(party!.scope, { value: check.nonce, rememberUntil: check.rememberUntil })))
    ) {
      throw ApiError.plain(
        401,
        "Invalid signature",
        "The request is not signed with the shared secret, is outside its time window, or was seen before.",
      );
    }
    const answer = await handler({ ...ctx, body: raw ? parseJsonBody(raw) : undefined });
    if (!answer.ok) return answer;
    const body = await answer.text();
    const signed = new Headers(answer.headers);
    const nonce = headers[PARTNER_NONCE_HEADER];
    if (check.version === "v2" && nonce)
      for (const [name, value] of Object.entries(signedAnswerHeaders(party!.sign, nonce, answer.status, body)))
        signed.set(name, value);
    if (v1Accepted()) signed.set(header, party!.sign(body));
    return new Response(body, { status: answer.status, headers: signed });
  });
}

/**
 * The sandbox acquirer's API (its own wire format, not the partner protocol): absent when the sandbox is off;
 * only requests whose body is signed with its shared secret.
 */
export function withSandboxSigned(
  purpose: "card-acquirer",
  header: string,
  handler: (ctx: RequestContext & { body: unknown }) => Promise<Response>,
) {
  return withApiErrors(async (req, ctx) => {
    if (!settings.sandboxEnabled) throw ApiError.plain(404, "Not found", "The sandbox is disabled.");
    const raw = req.method === "GET" ? "" : await readBodyText(req);
    if (!verifyMessage(purpose, raw, req.headers.get(header)))
      throw ApiError.plain(401, "Invalid signature", "The request is not signed with the shared secret.");
    return handler({ ...ctx, body: raw ? parseJsonBody(raw) : undefined });
  });
}

/** The sandbox bank's API (the partner protocol), signed with the bank's shared secret. */
export function withSandboxBankSigned(
  header: string,
  handler: (ctx: RequestContext & { body: unknown }) => Promise<Response>,
) {
  return sandboxPartner(
    header,
    () => ({ sign: (text) => signMessage("eiban-bank", text), scope: "sandbox-api:eiban-bank" }),
    handler,
  );
}

/**
 * A sandbox gateway's API (the http-partner protocol): each order names the merchant, which for the
 * sandbox is the gateway's id, and is signed with that gateway's own secret.
 */
export function withSandboxGatewaySigned(
  header: string,
  handler: (ctx: RequestContext & { body: unknown }) => Promise<Response>,
) {
  return sandboxPartner(
    header,
    async (raw) => {
      const merchant = (() => {
        try {
          return String((JSON.parse(raw) as { merchantId?: unknown }).merchantId ?? "");
        } catch {
          return "";
        }
      })();
      const gateway = /^\d{1,9}$/.test(merchant) ? await findGatewaySigningConfig(Number(merchant)) : null;
      if (!gateway) return null;
      try {
        signForGateway(gateway, ""); // a gateway without a secret verifies nothing
      } catch {
        return null;
      }
      return { sign: (text: string) => signForGateway(gateway, text), scope: `sandbox-api:gateway:${gateway.id}` };
    },
    handler,
  );
}
