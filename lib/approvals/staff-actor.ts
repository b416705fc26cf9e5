import type { Actor } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/http/api-error";
import type { TransitionActor } from "@/lib/transactions/transition-transaction";

/** Who acts: a console user (dealer staff limited to their dealer) or the CLI. */
export type Staff = Actor & { dealerId?: number | null; viaCli?: boolean };

/** Staff decisions are people's actions: besides the transaction's history they go to the audit log. */
export function transitionActor(staff: Staff): TransitionActor {
  const audit = { userId: staff.userId, label: staff.label, ip: staff.ip };
  return staff.viaCli ? { type: "CLI", id: staff.label, audit } : { type: "CONSOLE_USER", id: staff.userId, audit };
}

/** The transaction, if the staff member may work on it; others' transactions are as unknown as missing ones. */
export async function loadForStaff(tx: Db, id: number, staff: Staff) {
  const transaction = await tx.transaction.findUnique({ where: { id } });
  if (!transaction || (staff.dealerId != null && transaction.dealerId !== staff.dealerId)) {
    throw ApiError.plain(404, "Not found", "This transaction does not exist or is not yours to process.");
  }
  return transaction;
}
