import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { dayRange } from "@/lib/domain/access/date-range";
import { escapeLike } from "@/lib/base/db/escape-like";
import { prisma } from "@/lib/base/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AuditFilters } from "@/lib/domain/schemas/audit-filters";
import { AUDIT_ACTIONS } from "./audit-actions";

export const AUDIT_PAGE_SIZE = 50;

/**
 * Entries are not tied to one tenant (a site names a provider and a dealer, a user change names neither), so
 * the log is for admins only (docs/decisions.md); any other role reads nothing even if a page forgot to check.
 */
function auditScope(user: ConsoleUser): Prisma.AuditLogWhereInput {
  return user.role === "ADMIN" ? {} : { id: -1 };
}

/** One page of the audit log, newest first. */
export async function listAuditEntries(user: ConsoleUser, filters: AuditFilters) {
  const where: Prisma.AuditLogWhereInput = {
    AND: [
      auditScope(user),
      {
        entityType: filters.entityType,
        entityId: filters.entityId,
        actorLabel: filters.actor ? { contains: escapeLike(filters.actor), mode: "insensitive" } : undefined,
        // A listed action is itself ("transaction.refund", not also refund_failed); anything else a prefix
        // ("provider.").
        action: !filters.action
          ? undefined
          : (AUDIT_ACTIONS as readonly string[]).includes(filters.action)
            ? filters.action
            : { startsWith: escapeLike(filters.action), mode: "insensitive" },
        createdAt: dayRange(filters.from, filters.to),
      },
    ],
  };
  const [total, rows, types] = await Promise.all([
    prisma.auditLog.count({ where }),
    prisma.auditLog.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (filters.page - 1) * AUDIT_PAGE_SIZE,
      take: AUDIT_PAGE_SIZE,
    }),
    // The entity type choices: a GROUP BY served by the (entity_type, entity_id) index.
    prisma.auditLog.groupBy({ by: ["entityType"], where: auditScope(user), orderBy: { entityType: "asc" } }),
  ]);
  return {
    total,
    pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    rows,
    entityTypes: types.map((t) => t.entityType),
  };
}
