import { prisma, type Db } from "@/lib/base/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";

export type Actor = { userId?: number; label: string; ip?: string };

/** A person acting in the console or the admin CLI; dealer staff carry their dealer. */
export type Staff = Actor & { dealerId?: number | null; viaCli?: boolean };

/** Audit entries never carry secrets: callers pass redacted before/after snapshots. Returns the entry's id. */
export async function recordAudit(
  db: Db,
  actor: Actor,
  entry: { action: string; entityType: string; entityId?: string | number; before?: unknown; after?: unknown },
): Promise<number> {
  const row = await db.auditLog.create({
    data: {
      actorUserId: actor.userId ?? null,
      actorLabel: actor.label,
      ip: actor.ip ?? null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId === undefined ? null : String(entry.entityId),
      before: (entry.before ?? undefined) as Prisma.InputJsonValue | undefined,
      after: (entry.after ?? undefined) as Prisma.InputJsonValue | undefined,
    },
    select: { id: true },
  });
  return row.id;
}

/**
 * An entry that stands alone, in no transaction of the caller's (an export taking data out of the service). Returns the
 * entry's id.
 */
export function recordAuditEntry(actor: Actor, entry: Parameters<typeof recordAudit>[2]): Promise<number> {
  return recordAudit(prisma, actor, entry);
}
