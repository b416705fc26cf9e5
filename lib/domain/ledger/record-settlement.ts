import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";
import { formatDateTime } from "@/lib/base/time/format";
import { recordAudit, type Staff } from "@/lib/domain/audit/record-audit";
import { settlementSchema, type SettlementInput } from "@/lib/domain/schemas/ledger";
import { validate } from "@/lib/domain/schemas/validate";
import { accountKey, type AccountRef } from "./accounts";
import { negate } from "./fee";
import { postEntrySet } from "./post-entry-set";
import { settlementRecord, SETTLEMENT_SELECT, type SettlementRecord } from "./settlements";

/** What recording answers: the payment, and whether this call recorded it or found it recorded already. */
export type RecordedSettlement = { settlement: SettlementRecord; created: boolean };

/**
 * Records a dealer's payment to a provider (TO_PROVIDER) or of the pair's fees to the service (TO_SERVICE),
 * with the bank transfer's reference (docs/ledger.md "Settlements"): the settlement row, its SETTLEMENT entry
 * set (cause = the settlement's id: the account paid is debited, the dealer's cash credited) and the audit
 * entry, in one transaction. Admins only.
 *
 * Once per reference for the pair and direction (a unique index): a repeat with the same amount, a double
 * click, a retry after a lost answer or a second admin at the same moment, answers the payment already
 * recorded (`created: false`) and writes nothing; the same reference with another amount is a keyed refusal,
 * since one bank transfer has one amount. Two calls at once: the second INSERT waits on the index for the
 * first to commit, then finds its row.
 */
export async function recordSettlement(input: SettlementInput, actor: Staff): Promise<RecordedSettlement> {
  // Dealer staff act for their dealer: a payment out of its money is recorded by the service, never by it.
  if (actor.dealerId !== undefined && actor.dealerId !== null)
    throw DomainError.forbidden("Admins only", refusal("settlementAdminsOnly"));
  const data = validate(settlementSchema, input);
  const today = formatDateTime(new Date()).slice(0, 10);
  if (data.paidOn > today) throw DomainError.validation([refusal("settlementPaidLater", { day: today })]);
  return inTransaction(async (tx) => {
    const [provider, dealer] = await Promise.all([
      tx.provider.findUnique({ where: { id: data.providerId }, select: { id: true } }),
      tx.dealer.findUnique({ where: { id: data.dealerId }, select: { id: true } }),
    ]);
    if (!provider)
      throw DomainError.validation([refusal("referenceMissing", { entity: "provider", id: data.providerId })]);
    if (!dealer) throw DomainError.validation([refusal("referenceMissing", { entity: "dealer", id: data.dealerId })]);
    // A pair that never had money in the book has nothing to settle: most likely the wrong provider or dealer.
    const pair = await tx.ledgerAccount.findUnique({
      where: { key: accountKey({ kind: "PROVIDER_PAYABLE", providerId: data.providerId, dealerId: data.dealerId }) },
      select: { id: true },
    });
    if (!pair) throw DomainError.validation([refusal("settlementNoPair")]);

    const inserted = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO settlements (provider_id, dealer_id, direction, amount, reference, note, paid_on, recorded_by,
        recorded_by_user_id)
      VALUES (${data.providerId}, ${data.dealerId}, ${data.direction}::"SettlementDirection",
        ${data.amount}::numeric, ${data.reference}, ${data.note},
              ${data.paidOn}::date, ${actor.label}, ${actor.userId ?? null}::int)
      ON CONFLICT (provider_id, dealer_id, direction, reference) DO NOTHING
      RETURNING id`;
    const key = {
      providerId: data.providerId,
      dealerId: data.dealerId,
      direction: data.direction,
      reference: data.reference,
    };
    const id = inserted[0]?.id;
    if (id === undefined) {
      const existing = settlementRecord(
        await tx.settlement.findUniqueOrThrow({
          where: { providerId_dealerId_direction_reference: key },
          select: SETTLEMENT_SELECT,
        }),
      );
      if (existing.amount !== data.amount) {
        throw DomainError.conflict(
          "Settlement already recorded",
          refusal("settlementReferenceTaken", { reference: existing.reference, amount: existing.amount }),
        );
      }
      return { settlement: existing, created: false };
    }

    const paid: AccountRef = {
      kind: data.direction === "TO_PROVIDER" ? "PROVIDER_PAYABLE" : "SERVICE_FEES",
      providerId: data.providerId,
      dealerId: data.dealerId,
    };
    const setId = await postEntrySet(tx, {
      kind: "SETTLEMENT",
      causeId: id,
      transactionId: null,
      providerId: data.providerId,
      dealerId: data.dealerId,
      amount: data.amount,
      reason: data.reference,
      recordedBy: actor.label,
      lines: [
        { account: paid, line: "AMOUNT", amount: data.amount },
        { account: { kind: "DEALER_CASH", dealerId: data.dealerId }, line: "AMOUNT", amount: negate(data.amount) },
      ],
    });
    await recordAudit(tx, actor, {
      action: "settlement.create",
      entityType: "settlement",
      entityId: id,
      after: { ...data, setId: String(setId) },
    });
    const settlement = settlementRecord(
      await tx.settlement.findUniqueOrThrow({ where: { id }, select: SETTLEMENT_SELECT }),
    );
    return { settlement, created: true };
  });
}
