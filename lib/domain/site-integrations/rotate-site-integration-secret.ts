import type { Staff } from "@/lib/domain/audit/record-audit";
import { recordAudit } from "@/lib/domain/audit/record-audit";
import { rotatedSecretColumns, rotationAudit } from "@/lib/domain/accounts/account-secrets";
import { graceEnd } from "@/lib/domain/accounts/secret-rotation";
import { randomKey } from "@/lib/base/crypto/random";
import { inTransaction } from "@/lib/base/db/transaction";
import { loadManagedSiteIntegration } from "./load-managed-site-integration";

/** A new secret key, shown once; the old one keeps verifying requests until the grace period ends (as for accounts). */
export async function rotateSiteIntegrationSecret(id: number, staff: Staff, graceSeconds = 0) {
  const validTo = graceEnd(graceSeconds);
  const secretKey = randomKey("ss_", 32);
  return inTransaction(async (tx) => {
    const current = await loadManagedSiteIntegration(tx, id, staff);
    await tx.siteIntegration.update({
      where: { id },
      data: rotatedSecretColumns("site_integrations", current.secretKeyEnc, secretKey, validTo),
    });
    await recordAudit(tx, staff, {
      action: "site_integration.rotate_secret",
      entityType: "site_integration",
      entityId: id,
      ...rotationAudit(current.previousSecretValidTo, validTo),
    });
    return {
      id,
      dealer_id: current.dealerId,
      secret_key: secretKey,
      previous_secret_valid_until: validTo?.toISOString() ?? null,
    };
  });
}
