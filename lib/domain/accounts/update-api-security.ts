import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { validate } from "@/lib/domain/schemas/validate";
import { apiSecuritySchema, type ApiSecurityInput } from "@/lib/domain/schemas/api-security";
import { refusal } from "@/lib/base/messages/errors";

const FIELDS = { requireSignedBodies: true, maxTransactionAmount: true } as const;

type Row = { requireSignedBodies: boolean; maxTransactionAmount: { toFixed: (digits: number) => string } };
const audited = (row: Row) => ({
  requireSignedBodies: row.requireSignedBodies,
  maxTransactionAmount: row.maxTransactionAmount.toFixed(2),
});

/** "Require signed bodies" and the maximum per transaction of a provider or a dealer, audited. */
export async function updateApiSecurity(
  owner: "provider" | "dealer",
  id: number,
  input: ApiSecurityInput,
  actor: Actor,
) {
  const data = validate(apiSecuritySchema, input);
  return inTransaction(async (tx) => {
    const before =
      owner === "provider"
        ? await tx.provider.findUnique({ where: { id }, select: FIELDS })
        : await tx.dealer.findUnique({ where: { id }, select: FIELDS });
    if (!before) throw DomainError.notFound(refusal("doesNotExist", { entity: owner, id }));
    const after =
      owner === "provider"
        ? await tx.provider.update({ where: { id }, data, select: FIELDS })
        : await tx.dealer.update({ where: { id }, data, select: FIELDS });
    await recordAudit(tx, actor, {
      action: `${owner}.api_security`,
      entityType: owner,
      entityId: id,
      before: audited(before),
      after: audited(after),
    });
    return audited(after);
  });
}
