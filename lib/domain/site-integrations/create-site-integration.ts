import type { Staff } from "@/lib/domain/audit/record-audit";
import { recordAudit } from "@/lib/domain/audit/record-audit";
import { randomKey } from "@/lib/base/crypto/random";
import { sealSecret } from "@/lib/base/crypto/sealed-columns";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { validate } from "@/lib/domain/schemas/validate";
import { createSiteIntegrationSchema, type CreateSiteIntegrationInput } from "@/lib/domain/schemas/site-integration";
import { siteIntegrationView } from "./site-integration-view";
import { refusal } from "@/lib/base/messages/errors";

/**
 * Issues a site integration for one of the dealer's websites: a site token (`st_`) and a secret key (`ss_`),
 * returned here once and never again. Admins issue for any dealer, dealer staff for their own.
 */
export async function createSiteIntegration(input: CreateSiteIntegrationInput, staff: Staff) {
  const data = validate(createSiteIntegrationSchema, input);
  const siteToken = randomKey("st_");
  const secretKey = randomKey("ss_", 32);
  return inTransaction(async (tx) => {
    const dealer = await tx.dealer.findUnique({ where: { id: data.dealerId }, select: { id: true } });
    if (!dealer || (staff.dealerId != null && staff.dealerId !== dealer.id)) {
      throw DomainError.notFound(refusal("dealerNotYours"));
    }
    const row = await tx.siteIntegration.create({
      data: {
        dealerId: dealer.id,
        name: data.name,
        siteToken,
        secretKeyEnc: sealSecret("site_integrations.secret_key_enc", secretKey),
        scopes: data.scopes,
        ipWhitelist: data.ips,
        allowedOrigins: data.origins,
      },
    });
    const view = siteIntegrationView(row);
    await recordAudit(tx, staff, {
      action: "site_integration.create",
      entityType: "site_integration",
      entityId: row.id,
      after: view,
    });
    return { ...view, site_token: siteToken, secret_key: secretKey };
  });
}
