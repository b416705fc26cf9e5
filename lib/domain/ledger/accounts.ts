import { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/base/db/prisma";
import type { LedgerAccountKind } from "@/lib/generated/prisma/enums";

/** An account of the book (docs/ledger.md "Accounts"): its kind and the parties it is about. */
export type AccountRef =
  | { kind: "DEALER_CASH" | "DEALER_OWN"; dealerId: number }
  | { kind: "PROVIDER_PAYABLE" | "SERVICE_FEES" | "DEALER_COMMISSION"; providerId: number; dealerId: number };

/** The accounts whose balance a person reads as "owed" (credit-normal): their shown balance is minus the sum. */
export const CREDIT_NORMAL: ReadonlySet<LedgerAccountKind> = new Set([
  "PROVIDER_PAYABLE",
  "SERVICE_FEES",
  "DEALER_COMMISSION",
  "DEALER_OWN",
]);

export function accountKey(ref: AccountRef): string {
  return "providerId" in ref ? `${ref.kind}:p${ref.providerId}:d${ref.dealerId}` : `${ref.kind}:d${ref.dealerId}`;
}

/**
 * The ids of these accounts, created on first use. Keys are inserted in sorted order so two postings that
 * create the same new accounts at once take their locks in the same order and never deadlock.
 */
export async function accountIds(tx: Db, refs: AccountRef[]): Promise<Map<string, number>> {
  const unique = new Map(refs.map((r) => [accountKey(r), r]));
  const keys = [...unique.keys()].sort();
  const rows = keys.map((key) => {
    const r = unique.get(key)!;
    return Prisma.sql`(${key}, ${r.kind}::"LedgerAccountKind", ${"providerId" in r ? r.providerId : null}::int,
      ${r.dealerId}::int)`;
  });
  await tx.$executeRaw`INSERT INTO ledger_accounts (key, kind, provider_id, dealer_id) VALUES ${Prisma.join(rows)}
    ON CONFLICT (key) DO NOTHING`;
  const found = await tx.$queryRaw<
    { id: number; key: string }[]
  >`SELECT id, key FROM ledger_accounts WHERE key IN (${Prisma.join(keys)})`;
  return new Map(found.map((r) => [r.key, r.id]));
}
