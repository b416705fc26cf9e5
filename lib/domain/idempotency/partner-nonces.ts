import { prisma } from "@/lib/base/db/prisma";
import type { PartnerNonce } from "@/lib/integrations/connectors/ports";

/**
 * Remembers the nonce of a verified partner message (docs/partner-protocol.md, version 2) in PostgreSQL, so
 * every server process sees it: true the first time, false when the same signer's nonce comes again while
 * remembered (a replay, refused and changing nothing). A row past its time (not yet pruned) is taken over.
 * `scope` names whose secret verified the message ("gateway:12", "bank-wallet:7", "sandbox-bank").
 */
export async function claimPartnerNonce(scope: string, nonce: PartnerNonce): Promise<boolean> {
  const claimed = await prisma.$executeRaw`
    INSERT INTO partner_nonces (scope, nonce, expires_at) VALUES (${scope}, ${nonce.value}, ${nonce.rememberUntil})
    ON CONFLICT (scope, nonce) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE partner_nonces.expires_at < now()`;
  return claimed === 1;
}

/** Forgets the nonces whose window has passed (a housekeeping task); their messages are refused as late anyway. */
export async function forgetPartnerNonces(now: Date): Promise<number> {
  return prisma.$executeRaw`
    DELETE FROM partner_nonces WHERE (scope, nonce) IN (
      SELECT scope, nonce FROM partner_nonces WHERE expires_at < ${now} LIMIT 5000)`;
}
