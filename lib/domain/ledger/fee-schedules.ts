import { prisma, type Db } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";
import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { FLOWS } from "@/lib/domain/payment-methods";
import { feeScheduleSchema, type FeeScheduleInput } from "@/lib/domain/schemas/ledger";
import { validate } from "@/lib/domain/schemas/validate";

/**
 * A new fee schedule row (docs/ledger.md "Fees"): the provider pays the service's part and the dealer's
 * share on the method and direction's money events posted from `effectiveFrom` on. Rows are never edited: a
 * rate change is a new row with a later start, and sets already posted keep the rate stored on their entries.
 */
export async function addFeeSchedule(input: FeeScheduleInput, actor: Actor): Promise<{ id: number }> {
  const data = validate(feeScheduleSchema, input);
  if (
    !FLOWS.some(
      (f) => f.method === data.method && f.lifecycle.direction === data.direction && f.lifecycle.origin === "PROVIDER",
    )
  ) {
    throw DomainError.validation([refusal("feeFlowUnknown", { method: data.method, direction: data.direction })]);
  }
  return inTransaction(async (tx) => {
    if (!(await tx.provider.findUnique({ where: { id: data.providerId }, select: { id: true } }))) {
      throw DomainError.validation([refusal("referenceMissing", { entity: "provider", id: data.providerId })]);
    }
    const key = {
      providerId: data.providerId,
      method: data.method,
      direction: data.direction,
      effectiveFrom: data.effectiveFrom,
    };
    if (
      await tx.feeSchedule.findUnique({
        where: { providerId_method_direction_effectiveFrom: key },
        select: { id: true },
      })
    ) {
      throw DomainError.conflict(
        "Fee schedule exists",
        refusal("feeScheduleExists", { from: data.effectiveFrom.toISOString() }),
      );
    }
    const row = await tx.feeSchedule.create({ data: { ...data, createdBy: actor.label } });
    await recordAudit(tx, actor, {
      action: "fee_schedule.create",
      entityType: "fee_schedule",
      entityId: row.id,
      after: { ...data, effectiveFrom: data.effectiveFrom.toISOString() },
    });
    return { id: row.id };
  });
}

export type FeeScheduleRow = {
  id: number;
  method: string;
  direction: string;
  effectiveFrom: Date;
  servicePercent: string;
  serviceFixed: string;
  dealerPercent: string;
  dealerFixed: string;
  createdBy: string;
};

/** A provider's fee schedules, the latest start first (what a settings page lists). */
export async function feeSchedulesOf(db: Db, providerId: number): Promise<FeeScheduleRow[]> {
  const rows = await db.feeSchedule.findMany({
    where: { providerId },
    orderBy: [{ method: "asc" }, { direction: "asc" }, { effectiveFrom: "desc" }],
  });
  return rows.map((r) => ({
    id: r.id,
    method: r.method,
    direction: r.direction,
    effectiveFrom: r.effectiveFrom,
    servicePercent: r.servicePercent.toFixed(4),
    serviceFixed: r.serviceFixed.toFixed(2),
    dealerPercent: r.dealerPercent.toFixed(4),
    dealerFixed: r.dealerFixed.toFixed(2),
    createdBy: r.createdBy,
  }));
}

/** feeSchedulesOf on the app's client, for a caller that holds none (the admin CLI). */
export function listFeeSchedules(providerId: number): Promise<FeeScheduleRow[]> {
  return feeSchedulesOf(prisma, providerId);
}
