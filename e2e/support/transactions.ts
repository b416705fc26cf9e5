import { approveDeposit } from "@/lib/domain/approvals/approve-deposit";
import { confirmSecondApproval } from "@/lib/domain/approvals/second-approval";
import { secondAdmin } from "./second-admin";
import type { Staff } from "@/lib/domain/audit/record-audit";
import { randomCodeGroup, randomKey } from "@/lib/base/crypto/random";
import { prisma, type Db } from "@/lib/base/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";

type Tenant = { provider: { id: number }; dealer: { id: number }; site: { id: number } };

/** A transaction row as the create endpoints would write it (in `db`'s transaction, if one); tests move it with transitionTransaction. */
export async function insertTransaction(
  tenant: Tenant,
  data: Partial<Prisma.TransactionUncheckedCreateInput> = {},
  db: Db = prisma,
) {
  const prefix = data.direction === "PAYMENT" ? "CC" : data.direction === "WITHDRAWAL" ? "WIT" : "MAN";
  return db.transaction.create({
    data: {
      trackingCode: `${prefix}-${randomCodeGroup()}-${Math.floor(Date.now() / 1000)}`,
      paymentToken: randomKey("", 24),
      method: "MANUAL_BANK",
      direction: "DEPOSIT",
      origin: "PROVIDER",
      status: "pending",
      providerId: tenant.provider.id,
      siteId: tenant.site.id,
      dealerId: tenant.dealer.id,
      userId: "user-42",
      username: "ayse.k",
      fullname: "Ayşe Kaya",
      amount: "150.00",
      ...data,
    },
  });
}

/**
 * Approves a deposit as `staff` and, where the lifecycle asks for four eyes (an amount other than the
 * request, a late completion), confirms the proposal as a long-standing second admin: the completed transaction.
 */
export async function approveWithFourEyes(
  id: number,
  staff: Staff,
  amount?: string,
  reason?: string,
  reference?: string,
) {
  const decided = await approveDeposit(id, staff, amount, reason, reference);
  return decided.outcome === "applied"
    ? decided.transaction
    : confirmSecondApproval(decided.proposal.id, await secondAdmin());
}
