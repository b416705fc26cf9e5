import { createHmac } from "node:crypto";
import { hexDigestsEqual } from "@/lib/base/crypto/hash";
import { randomKey } from "@/lib/base/crypto/random";
import { decryptSecret } from "@/lib/base/crypto/secret-box";
import { sealSecret } from "@/lib/base/crypto/sealed-columns";

type WithSecret = { code: string; webhookSecretEnc?: string | null; config?: unknown };

/**
 * Every third-party gateway has a secret of its own, shared with that gateway's partner only: it signs
 * the gateway's notifications to us and our orders to it. One partner can therefore never confirm or
 * decline another partner's transactions, which a single shared secret allowed.
 */
export function newGatewaySecret(): { plain: string; sealed: string } {
  const plain = randomKey("gws_", 32);
  return { plain, sealed: sealSecret("gateways.webhook_secret_enc", plain) };
}

/** The http-partner secret in the gateway's sealed configuration (or, for a row never migrated, its old column). */
function secretOf(gateway: WithSecret): string | null {
  const sealed = (gateway.config as { sealed?: { secret?: unknown } } | null | undefined)?.sealed?.secret;
  if (typeof sealed === "string") return decryptSecret(sealed);
  return gateway.webhookSecretEnc ? decryptSecret(gateway.webhookSecretEnc) : null;
}

/** HMAC-SHA256 of a body with the gateway's secret, hex (what the sandbox, playing the partner, signs with). */
export function signForGateway(gateway: WithSecret, body: string): string {
  const secret = secretOf(gateway);
  if (!secret) throw new Error(`Gateway ${gateway.code} has no secret; rotate one in the console`);
  return createHmac("sha256", secret).update(body).digest("hex");
}

export function verifyFromGateway(gateway: WithSecret, body: string, signature: string | null): boolean {
  const secret = secretOf(gateway);
  if (!secret || !signature) return false;
  return hexDigestsEqual(createHmac("sha256", secret).update(body).digest("hex"), signature);
}
