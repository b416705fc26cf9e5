import { currentKeyId, resealSecret } from "@/lib/base/crypto/secret-box";
import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { SealedConfig } from "@/lib/integrations/connectors/sealed-config";
import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { refusal } from "@/lib/base/messages/errors";

/**
 * Every column that holds a sealed secret (encryptSecret), by table. A new *_enc column belongs here, or a
 * key rotation leaves it behind and removing the old key makes it unreadable
 * (e2e/integration/encryption-key-rotation.test.ts reads every one of them after a rotation).
 */
export const SEALED_COLUMNS = {
  providers: ["secret_key_enc", "previous_secret_key_enc", "verification_key_enc"],
  dealers: ["secret_key_enc", "previous_secret_key_enc"],
  site_integrations: ["secret_key_enc", "previous_secret_key_enc"],
  gateways: ["webhook_secret_enc"],
  console_users: ["totp_secret_enc"],
} as const;

/** Tables whose JSON `config` column is a connector's SealedConfig, with secrets under `sealed`. */
const SEALED_CONFIG_TABLES = ["gateways"] as const;

type Table = keyof typeof SEALED_COLUMNS;
type Row = { id: number; config?: unknown } & Record<string, string | null | unknown>;

export type ReencryptReport = { key_id: string; reencrypted: Record<string, number>; already_current: number; changed_meanwhile: number };

function isSealedConfig(value: unknown): value is SealedConfig {
  if (!value || typeof value !== "object") return false;
  const sealed = (value as { sealed?: unknown }).sealed;
  return Boolean(sealed) && typeof sealed === "object" && Object.values(sealed as object).every((v) => typeof v === "string");
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
function resealRow(table: Table, row: Row): Record<string, unknown> | null {
  const next: Record<string, unknown> = {};
  for (const column of SEALED_COLUMNS[table]) {
    const value = row[column];
    if (typeof value !== "string") continue;
    const moved = resealSecret(value);
    if (moved !== null) next[column] = moved;
  }
  if ((SEALED_CONFIG_TABLES as readonly string[]).includes(table)) {
    const config = resealConfig(row.config);
    if (config) next.config = config;
  }
  return Object.keys(next).length ? next : null;
}

/**
 * Compare-and-set: writes only if the row still holds what was read, so a secret rotated by staff while the
 * pass runs is never overwritten with the old one (it was sealed under the current key anyway).
 */
function updateIfUnchanged(table: Table, row: Row, next: Record<string, unknown>): Prisma.Sql {
  const sets = Object.entries(next).map(([column, value]) =>
    column === "config" ? Prisma.sql`config = ${JSON.stringify(value)}::jsonb` : Prisma.sql`${Prisma.raw(column)} = ${value}`,
  );
  const guards = Object.keys(next).map((column) =>
    column === "config" ? Prisma.sql`config = ${JSON.stringify(row.config)}::jsonb` : Prisma.sql`${Prisma.raw(column)} = ${row[column] as string}`,
  );
  return Prisma.sql`UPDATE ${Prisma.raw(table)} SET ${Prisma.join(sets)} WHERE id = ${row.id} AND ${Prisma.join(guards, " AND ")}`;
}

async function reencryptTable(table: Table, batchSize: number, actor: Actor, report: ReencryptReport): Promise<void> {
  const columns = [...SEALED_COLUMNS[table], ...((SEALED_CONFIG_TABLES as readonly string[]).includes(table) ? ["config"] : [])];
  let cursor = 0;
  for (;;) {
    const rows = await prisma.$queryRaw<Row[]>(
      Prisma.sql`SELECT id, ${Prisma.raw(columns.join(", "))} FROM ${Prisma.raw(table)} WHERE id > ${cursor} ORDER BY id LIMIT ${batchSize}`,
    );
    if (rows.length === 0) return;
    cursor = rows[rows.length - 1]!.id;
    const changes = rows.map((row) => ({ row, next: resealRow(table, row) }));
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
      report.reencrypted[table] = (report.reencrypted[table] ?? 0) + moved.length;
      if (moved.length) await recordAudit(tx, actor, { action: "secrets.reencrypt", entityType: table, after: { key_id: report.key_id, ids: moved } });
    });
  }
}

/**
 * Moves every stored secret to the newest key of APP_ENCRYPTION_KEYS, in batches by table and id; values
 * already under it are left alone, so running it again is harmless. When it reports nothing changed
 * meanwhile, the older keys can be removed from the ring.
 */
export async function reencryptSecrets(actor: Actor, options: { batchSize?: number } = {}): Promise<ReencryptReport> {
  const keyId = currentKeyId();
  if (!keyId) throw DomainError.validation([refusal("encryptionKeysUnset")]);
  const batchSize = options.batchSize ?? 200;
  const report: ReencryptReport = { key_id: keyId, reencrypted: {}, already_current: 0, changed_meanwhile: 0 };
  for (const table of Object.keys(SEALED_COLUMNS) as Table[]) {
    report.reencrypted[table] = 0;
    await reencryptTable(table, batchSize, actor, report);
  }
  return report;
}
