import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";
import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { adjustmentSchema, type AdjustmentInput } from "@/lib/domain/schemas/ledger";
import { validate } from "@/lib/domain/schemas/validate";
import type { LedgerAccountKind } from "@/lib/generated/prisma/enums";
import type { AccountRef } from "./accounts";
import { negate } from "./fee";
import { postEntrySet } from "./post-entry-set";

const PAIR_KINDS: ReadonlySet<LedgerAccountKind> = new Set(["PROVIDER_PAYABLE", "SERVICE_FEES", "DEALER_COMMISSION"]);

/**
 * A correction of the book by an admin (docs/ledger.md): an amount debited to one account of a dealer and
 * credited to another, with a reason. It is a new entry set of its own, never a change to an old one; its
 * cause is its audit entry, which names who made it and why.
 */
export async function postAdjustment(input: AdjustmentInput, actor: Actor): Promise<{ setId: bigint }> {
  const data = validate(adjustmentSchema, input);
  const providerId = data.providerId ?? null;
  const ref = (kind: LedgerAccountKind): AccountRef | null =>
    PAIR_KINDS.has(kind)
      ? providerId === null
        ? null
        : {
            kind: kind as "PROVIDER_PAYABLE" | "SERVICE_FEES" | "DEALER_COMMISSION",
            providerId,
            dealerId: data.dealerId,
          }
      : { kind: kind as "DEALER_CASH" | "DEALER_OWN", dealerId: data.dealerId };
  const [debit, credit] = [ref(data.debit), ref(data.credit)];
  if (!debit || !credit || data.debit === data.credit) throw DomainError.validation([refusal("adjustmentAccounts")]);
  return inTransaction(async (tx) => {
    if (!(await tx.dealer.findUnique({ where: { id: data.dealerId }, select: { id: true } })))
      throw DomainError.validation([refusal("referenceMissing", { entity: "dealer", id: data.dealerId })]);
    if (providerId !== null && !(await tx.provider.findUnique({ where: { id: providerId }, select: { id: true } }))) {
      throw DomainError.validation([refusal("referenceMissing", { entity: "provider", id: providerId })]);
    }
    const auditId = await recordAudit(tx, actor, {
      action: "ledger.adjustment",
      entityType: "ledger",
      entityId: data.dealerId,
      after: { ...data, providerId },
    });
    const setId = await postEntrySet(tx, {
      kind: "ADJUSTMENT",
      causeId: auditId,
      transactionId: null,
      providerId,
      dealerId: data.dealerId,
      amount: data.amount,
      reason: data.reason,
      recordedBy: actor.label,
      lines: [
        { account: debit, line: "AMOUNT", amount: data.amount },
        { account: credit, line: "AMOUNT", amount: negate(data.amount) },
      ],
    });
    return { setId: setId! };
  });
}
