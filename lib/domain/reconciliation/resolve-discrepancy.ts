import type { Db } from "@/lib/base/db/prisma";
import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";
import { recordAudit, type Staff } from "@/lib/domain/audit/record-audit";
import { secondPersonOfProposer } from "@/lib/domain/transactions/four-eyes";
import { secondPersonProblem } from "@/lib/domain/transactions/four-eyes-eligibility";
import type { ReconDiscrepancy } from "@/lib/generated/prisma/client";
import { acceptanceOf, recordAcquirerRefund } from "./accept-partner-record";
import { bookDifference, differenceOf } from "./book-difference";
import { dayOf } from "./recon-day";
import { closeDiscrepancyAlerts } from "./record-day";

const OPEN = ["open", "proposed"];

function adminOnly(staff: Staff) {
  if (staff.dealerId != null) throw DomainError.forbidden("Admins only", refusal("discrepancyAdminsOnly"));
}

async function openDiscrepancy(tx: Db, id: number): Promise<ReconDiscrepancy> {
  const [row] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM recon_discrepancies WHERE id = ${id} FOR UPDATE`;
  const d = row ? await tx.reconDiscrepancy.findUnique({ where: { id } }) : null;
  if (!d) throw DomainError.notFound(refusal("doesNotExist", { entity: "discrepancy", id }));
  if (!OPEN.includes(d.status))
    throw DomainError.conflict("Closed", refusal("discrepancyClosed", { status: d.status }));
  return d;
}

const closeAlert = (tx: Db, d: ReconDiscrepancy, by: string, resolution: string) =>
  closeDiscrepancyAlerts(tx, { account: d.account, day: dayOf(d.day), keys: [d.key] }, by, resolution);

/**
 * Closes a discrepancy with what staff found ("the bank's panel refund was recorded by hand", "a test sale"):
 * nothing is applied to the books. Admins only; audited; its alert resolved with the reason.
 */
export async function explainDiscrepancy(id: number, reason: string, staff: Staff) {
  adminOnly(staff);
  const text = reason.trim();
  if (text.length < 3 || text.length > 500) throw DomainError.validation([refusal("resolutionLength")]);
  return inTransaction(async (tx) => {
    const d = await openDiscrepancy(tx, id);
    const closed = await tx.reconDiscrepancy.update({
      where: { id },
      data: { status: "explained", reason: text, resolvedBy: staff.label, resolvedAt: new Date() },
    });
    await closeAlert(tx, d, staff.label, text);
    await recordAudit(tx, staff, {
      action: "reconciliation.explain",
      entityType: "reconciliation",
      entityId: id,
      before: { status: d.status, kind: d.kind, key: d.key },
      after: { status: "explained", reason: text },
    });
    return closed;
  });
}

/**
 * The first admin asks to accept the partner's record (docs/reconciliation.md, "Resolutions"): nothing is applied
 * until a second admin confirms. Only where accepting has a defined effect (acceptanceOf).
 */
export async function proposeAcceptance(id: number, staff: Staff) {
  adminOnly(staff);
  return inTransaction(async (tx) => {
    const d = await openDiscrepancy(tx, id);
    if (d.status === "proposed")
      throw DomainError.conflict("Proposed", refusal("discrepancyClosed", { status: d.status }));
    const acceptance = acceptanceOf(d);
    if (!acceptance) throw DomainError.validation([refusal("discrepancyNotAcceptable")]);
    const proposed = await tx.reconDiscrepancy.update({
      where: { id },
      data: { status: "proposed", proposedBy: staff.label, proposedById: staff.userId ?? null, proposedAt: new Date() },
    });
    await recordAudit(tx, staff, {
      action: "reconciliation.propose",
      entityType: "reconciliation",
      entityId: id,
      before: { status: d.status },
      after: { status: "proposed", effect: acceptance },
    });
    return proposed;
  });
}

/**
 * A second admin confirms: the partner's record is applied through the lifecycle and the ledger, once (the
 * discrepancy's row lock and the effect's own idempotency), and the discrepancy is accepted. The same rules as
 * every four-eyes confirmation: a signed-in admin other than the proposer, whose access predates the proposal.
 */
export async function confirmAcceptance(id: number, staff: Staff) {
  adminOnly(staff);
  const d = await prisma.reconDiscrepancy.findUnique({ where: { id } });
  if (!d) throw DomainError.notFound(refusal("doesNotExist", { entity: "discrepancy", id }));
  if (d.status !== "proposed")
    throw DomainError.conflict("Not proposed", refusal("discrepancyClosed", { status: d.status }));
  const proposal = { createdAt: d.proposedAt!, proposedBy: d.proposedBy ?? "", proposedByUserId: d.proposedById };
  const why =
    secondPersonOfProposer(staff, { ...proposal, proposedViaCli: d.proposedById === null }) ??
    (await secondPersonProblem(prisma, staff, proposal));
  if (why) throw DomainError.forbidden("Second admin", refusal("discrepancySecondAdmin", { why }));
  const acceptance = acceptanceOf(d);
  if (!acceptance) throw DomainError.validation([refusal("discrepancyNotAcceptable")]);
  const refund = acceptance === "record_card_refund" ? await recordAcquirerRefund(d, staff) : null;
  return inTransaction(async (tx) => {
    const current = await openDiscrepancy(tx, id);
    if (current.status !== "proposed")
      throw DomainError.conflict("Not proposed", refusal("discrepancyClosed", { status: current.status }));
    const difference = acceptance === "book_difference" ? differenceOf(current) : null;
    const summary =
      refund?.summary ??
      `${difference!.amount} ${difference!.into ? "into" : "out of"} the dealer's cash, against its own account`;
    const auditId = await recordAudit(tx, staff, {
      action: "reconciliation.accept",
      entityType: "reconciliation",
      entityId: id,
      before: { status: "proposed", proposedBy: current.proposedBy },
      after: { status: "accepted", effect: acceptance, summary },
    });
    // Under the discrepancy's row lock and in the transaction that accepts it: booked once.
    if (difference) await bookDifference(tx, current, difference, staff, auditId);
    const accepted = await tx.reconDiscrepancy.update({
      where: { id },
      data: { status: "accepted", resolvedBy: staff.label, resolvedAt: new Date(), reason: summary },
    });
    await closeAlert(tx, current, staff.label, summary);
    return accepted;
  });
}
