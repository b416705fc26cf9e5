import { decryptSecret, sealedKeyId } from "@/lib/base/crypto/secret-box";
import { sealedTables, type SealedTable } from "@/lib/base/crypto/sealed-columns";
import { prisma } from "@/lib/base/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * A stored secret this server's keyring cannot open: where it is and the key id it names ("v1" values name
 * none: null). Never the value.
 */
export type UnreadableSecret = { table: string; id: number; column: string; key: string | null };

type Row = { id: number } & Record<string, unknown>;

const BATCH = 1000;

function opens(sealed: string): boolean {
  try {
    decryptSecret(sealed);
    return true;
  } catch {
    return false;
  }
}

/** The sealed strings of one row, by column ("config" columns: each value of their `sealed` object). */
function sealedValuesOf(table: SealedTable, row: Row): { column: string; value: string }[] {
  const found: { column: string; value: string }[] = [];
  for (const column of table.values) {
    const value = row[column];
    if (typeof value === "string") found.push({ column, value });
  }
  for (const column of table.configs) {
    const sealed = (row[column] as { sealed?: unknown } | null)?.sealed;
    if (!sealed || typeof sealed !== "object") continue;
    for (const [name, value] of Object.entries(sealed))
      if (typeof value === "string") found.push({ column: `${column}.${name}`, value });
  }
  return found;
}

/**
 * Every value of the registry of sealed columns (lib/base/crypto/sealed-columns.ts) that no key of the
 * keyring opens: a key removed before `secrets:reencrypt` moved everything off it, a ring that lacks the key
 * another instance seals with, or a key given under the right id with the wrong value. Each value is opened,
 * not only its key id compared, so the last case is found too. Read in batches by primary key.
 */
export async function findUnreadableSecrets(): Promise<UnreadableSecret[]> {
  const unreadable: UnreadableSecret[] = [];
  for (const table of sealedTables()) {
    const columns = [...table.values, ...table.configs].join(", ");
    let cursor = -1;
    for (;;) {
      const rows = await prisma.$queryRaw<Row[]>(
        Prisma.sql`SELECT ${Prisma.raw(table.key)} AS id, ${Prisma.raw(columns)} FROM ${Prisma.raw(table.table)}
          WHERE ${Prisma.raw(table.key)} > ${cursor} ORDER BY ${Prisma.raw(table.key)} LIMIT ${BATCH}`,
      );
      if (rows.length === 0) break;
      cursor = rows[rows.length - 1]!.id;
      for (const row of rows) {
        for (const { column, value } of sealedValuesOf(table, row)) {
          if (!opens(value)) unreadable.push({ table: table.table, id: row.id, column, key: sealedKeyId(value) });
        }
      }
    }
  }
  return unreadable;
}

/** The log line's and `/api/ready`'s words for them: where they are and under which key, at most `limit`. */
export function describeUnreadableSecrets(found: UnreadableSecret[], limit = 50) {
  const keys = [...new Set(found.map((f) => f.key ?? "v1 (single APP_ENCRYPTION_KEY)"))];
  return { count: found.length, keys, values: found.slice(0, limit) };
}
