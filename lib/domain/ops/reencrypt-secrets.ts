import { currentKeyId, resealSecret } from "@/lib/base/crypto/secret-box";
import { sealedTables, type SealedTable } from "@/lib/base/crypto/sealed-columns";
import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { SealedConfig } from "@/lib/integrations/connectors/sealed-config";
import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { refusal } from "@/lib/base/messages/errors";

type Row = { id: number } & Record<string, unknown>;

export type ReencryptReport = {
  key_id: string;
  reencrypted: Record<string, number>;
  already_current: number;
  changed_meanwhile: number;
};

function isSealedConfig(value: unknown): value is SealedConfig {
  if (!value || typeof value !== "object") return false;
  const sealed = (value as { sealed?: unknown }).sealed;
  return (
    Boolean(sealed) && typeof sealed === "object" && Object.values(sealed as object).every((v) => typeof v === "string")
  );
}

function resealConfig(config: unknown): SealedConfig | null {
  if (!isSealedConfig(config)) return null;
  let changed = false;
  const sealed: Record<string, string> = {};
  for (const [key, value] of Object.entries(config.sealed)) {
    const moved = resealSecret(value);
    sealed[key] = moved ?? value;
    changed ||= moved !== null;
  }
  return changed ? { ...config, sealed } : null;
}

/** The row's new values, or null when every secret in it is already under the current key. */
function resealRow(table: SealedTable, row: Row): Record<string, unknown> | null {
  const next: Record<string, unknown> = {};
  for (const column of table.values) {
    const value = row[column];
    if (typeof value !== "string") continue;
    const moved = resealSecret(value);
    if (moved !== null) next[column] = moved;
  }
  for (const column of table.configs) {
    const config = resealConfig(row[column]);
    if (config) next[column] = config;
  }
  return Object.keys(next).length ? next : null;
}

/** A value no key of the ring opens stops the pass, naming where it is (never the value). */
function resealNamed(table: SealedTable, row: Row): Record<string, unknown> | null {
  try {
    return resealRow(table, row);
  } catch (error) {
    throw new Error(
      `${table.table} ${table.key}=${row.id}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/**
 * Compare-and-set: writes only if the row still holds what was read, so a secret rotated by staff while the
 * pass runs is never overwritten with the old one (it was sealed under the current key anyway).
 */
function updateIfUnchanged(table: SealedTable, row: Row, next: Record<string, unknown>): Prisma.Sql {
  const isConfig = (column: string) => table.configs.includes(column);
  const value = (column: string, v: unknown) =>
    isConfig(column) ? Prisma.sql`${JSON.stringify(v)}::jsonb` : Prisma.sql`${v as string}`;
  const sets = Object.entries(next).map(([column, v]) => Prisma.sql`${Prisma.raw(column)} = ${value(column, v)}`);
  const guards = Object.keys(next).map((column) => Prisma.sql`${Prisma.raw(column)} = ${value(column, row[column])}`);
  return Prisma.sql`UPDATE ${Prisma.raw(table.table)} SET ${Prisma.join(sets)} WHERE ${Prisma.raw(table.key)} =
    ${row.id} AND ${Prisma.join(guards, " AND ")}`;
}

async function reencryptTable(
  table: SealedTable,
  batchSize: number,
  actor: Actor,
  report: ReencryptReport,
): Promise<void> {
  const columns = [...table.values, ...table.configs];
  let cursor = 0;
  for (;;) {
    const rows = await prisma.$queryRaw<Row[]>(
      Prisma.sql`SELECT ${Prisma.raw(table.key)} AS id, ${Prisma.raw(columns.join(", "))} FROM
        ${Prisma.raw(table.table)} WHERE ${Prisma.raw(table.key)} > ${cursor} ORDER BY ${Prisma.raw(table.key)}
          LIMIT ${batchSize}`,
    );
    if (rows.length === 0) return;
    cursor = rows[rows.length - 1]!.id;
    const changes = rows.map((row) => ({ row, next: resealNamed(table, row) }));
    const pending = changes.filter((c): c is { row: Row; next: Record<string, unknown> } => c.next !== null);
    report.already_current += rows.length - pending.length;
    if (pending.length === 0) continue;
    // One batch commits with its audit entry: a pass stopped half-way is resumed by running it again.
    await inTransaction(async (tx) => {
      const moved: number[] = [];
      for (const { row, next } of pending) {
        if ((await tx.$executeRaw(updateIfUnchanged(table, row, next))) === 1) moved.push(row.id);
        else report.changed_meanwhile += 1;
      }
      report.reencrypted[table.table] = (report.reencrypted[table.table] ?? 0) + moved.length;
      if (moved.length)
        await recordAudit(tx, actor, {
          action: "secrets.reencrypt",
          entityType: table.table,
          after: { key_id: report.key_id, ids: moved },
        });
    });
  }
}

/**
 * Moves every stored secret to the newest key of APP_ENCRYPTION_KEYS (every column of the registry,
 * lib/base/crypto/sealed-columns.ts), in batches by table and primary key; values
 * already under it are left alone, so running it again is harmless. When it reports nothing changed
 * meanwhile, the older keys can be removed from the ring.
 */
export async function reencryptSecrets(actor: Actor, options: { batchSize?: number } = {}): Promise<ReencryptReport> {
  const keyId = currentKeyId();
  if (!keyId) throw DomainError.validation([refusal("encryptionKeysUnset")]);
  const batchSize = options.batchSize ?? 200;
  const report: ReencryptReport = { key_id: keyId, reencrypted: {}, already_current: 0, changed_meanwhile: 0 };
  for (const table of sealedTables()) {
    report.reencrypted[table.table] = 0;
    await reencryptTable(table, batchSize, actor, report);
  }
  return report;
}
