import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { dealerOwnedScope } from "@/lib/domain/access/management-scope";
import { transactionScope } from "@/lib/domain/access/tenant-scope";
import { prisma } from "@/lib/base/db/prisma";
import { normalizeIban } from "@/lib/base/iban/iban";

/**
 * What an exact identifier names, among what the user may see. People quote identifiers the service issued
 * (tracking codes, the card order id of every attempt, transfer, refund and wallet ids) and ones it received
 * (a gateway's reference such as GW-…, the acquirer's or the bank's reference). Ours are upper-case letters
 * and digits, so what is typed is also read in upper case; a partner's is tried as typed too. Each lookup is an
 * equality on an index of its own (no OR across tables, which would scan).
 */
export type IdentifierTarget =
  | { kind: "transaction"; id: number; trackingCode: string }
  | { kind: "transfer"; transferId: string; transactionId: number | null }
  | { kind: "wallet"; walletId: string; iban: string };

/** One word of letters, digits and the separators identifiers use (at least 4 characters). */
export function looksLikeIdentifier(q: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9_.:/-]{3,79}$/.test(q.trim());
}

export async function findByIdentifier(user: ConsoleUser, q: string): Promise<IdentifierTarget | null> {
  const typed = q.trim();
  const iban = normalizeIban(typed);
  const isIban = /^TR\d{24}$/.test(iban);
  if (!looksLikeIdentifier(typed) && !isIban) return null;
  const forms = [...new Set([typed.toUpperCase(), typed])];
  const ids = await transactionIdsNamedBy(forms);
  if (ids.length > 0) {
    const found = await prisma.transaction.findMany({
      where: { AND: [transactionScope(user), { id: { in: ids } }] },
      select: { id: true, trackingCode: true },
      take: 2,
    });
    // Two payments answering to one identifier (a partner's reference reused): the list shows both.
    return found.length === 1 ? { kind: "transaction", ...found[0]! } : null;
  }
  if (user.role === "PROVIDER") return null;
  const transfers = await prisma.transfer.findMany({
    where: { ...dealerOwnedScope(user), OR: forms.flatMap((code) => [{ transferId: code }, { bankReference: code }]) },
    select: { transferId: true, transactionId: true },
    take: 2,
  });
  if (transfers.length === 1) return { kind: "transfer", ...transfers[0]! };
  const wallet = await prisma.eibanWallet.findFirst({
    where: { ...dealerOwnedScope(user), OR: [{ walletId: typed.toUpperCase() }, ...(isIban ? [{ iban }] : [])] },
    select: { walletId: true, iban: true },
  });
  return wallet ? { kind: "wallet", ...wallet } : null;
}

/** The transactions an identifier names, whatever the tenancy (checked after), at most a few. */
async function transactionIdsNamedBy(forms: string[]): Promise<number[]> {
  const [own, attempts, refunds] = await Promise.all([
    prisma.transaction.findMany({
      where: { OR: forms.flatMap((code) => [{ trackingCode: code }, { orderId: code }, { gatewayReference: code }]) },
      select: { id: true },
      take: 3,
    }),
    prisma.cardAttempt.findMany({
      where: { OR: forms.flatMap((code) => [{ orderId: code }, { partnerReference: code }]) },
      select: { transactionId: true },
      take: 3,
    }),
    prisma.cardRefund.findMany({
      where: { OR: forms.flatMap((code) => [{ refundId: code }, { partnerReference: code }]) },
      select: { transactionId: true },
      take: 3,
    }),
  ]);
  return [...new Set([...own.map((t) => t.id), ...[...attempts, ...refunds].map((r) => r.transactionId)])];
}

/** The page an identifier opens directly, where it has one of its own (a payment's). */
export function targetHref(target: IdentifierTarget): string | null {
  if (target.kind === "transaction") return `/console/transactions/${target.id}`;
  if (target.kind === "transfer" && target.transactionId !== null)
    return `/console/transactions/${target.transactionId}`;
  return null;
}
