import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { deliveryScope, transactionScope } from "@/lib/domain/access/tenant-scope";
import { prisma } from "@/lib/base/db/prisma";
import { withoutStaffNames, withoutStaffNamesInParams } from "@/lib/domain/access/staff-names-in-notes";

const ATTEMPTS_SHOWN = 20;

/**
 * One transaction with its history, payment details and callbacks, or null when it does not exist or is
 * outside the user's tenancy (the page then answers 404 either way). Callbacks are scoped on their own as
 * well, so a delivery addressed to another tenant never shows up beside a transaction the user may see.
 */
export async function getTransaction(user: ConsoleUser, id: number) {
  const transaction = await prisma.transaction.findFirst({
    where: { AND: [{ id }, transactionScope(user)] },
    include: {
      site: { select: { id: true, name: true } },
      provider: { select: { id: true, name: true } },
      dealer: { select: { id: true, name: true } },
      siteIntegration: { select: { id: true, name: true } },
      bankAccount: { select: { bankName: true, accountName: true, iban: true } },
      eibanWallet: { select: { walletId: true, iban: true, bankName: true } },
      gateway: { select: { name: true, code: true } },
      transfer: { select: { transferId: true, status: true, bankReference: true, failureReason: true } },
      matchedBankLine: { select: { externalId: true, amount: true, senderName: true, occurredAt: true } },
      events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
      alerts: { orderBy: { createdAt: "asc" } },
      cardAttempts: { orderBy: { number: "asc" } },
      // Card refunds without an answer: held, and offered to be checked or sent again.
      cardRefunds: {
        where: { status: "unknown" },
        orderBy: { id: "asc" },
        select: { refundId: true, amount: true, sentAt: true, createdAt: true },
      },
    },
  });
  if (!transaction) return null;
  const [deliveries, staff] = await Promise.all([
    prisma.callbackDelivery.findMany({
      where: { AND: [{ transactionId: id }, deliveryScope(user)] },
      orderBy: { id: "asc" },
      include: {
        attempts: {
          orderBy: { attemptNumber: "desc" },
          take: ATTEMPTS_SHOWN,
          select: {
            id: true,
            attemptNumber: true,
            startedAt: true,
            durationMs: true,
            statusCode: true,
            succeeded: true,
            error: true,
          },
        },
      },
    }),
    staffEmails(user, transaction.events),
  ]);
  const events =
    user.role === "PROVIDER"
      ? transaction.events.map((e) => ({
          ...e,
          note: withoutStaffNames(e.note),
          noteParams: withoutStaffNamesInParams(e.noteParams) as typeof e.noteParams,
        }))
      : transaction.events;
  return { ...transaction, ...asOffered(transaction), events, deliveries, staff };
}

type OfferedColumns = { offeredIban: string | null; offeredAccountName: string | null; offeredBankName: string | null };

/**
 * The bank account or wallet a deposit offered, as it read when offered (the customer's page shows the
 * same); a deposit closed before offers were recorded shows its account as it reads now.
 */
function asOffered<
  B extends { bankName: string; accountName: string; iban: string },
  W extends { walletId: string; bankName: string; iban: string },
>(
  t: OfferedColumns & { bankAccount: B | null; eibanWallet: W | null },
): { bankAccount: B | null; eibanWallet: W | null } {
  if (!t.offeredIban) return { bankAccount: t.bankAccount, eibanWallet: t.eibanWallet };
  const offered = { iban: t.offeredIban, bankName: t.offeredBankName ?? "", accountName: t.offeredAccountName ?? "" };
  return {
    bankAccount: t.bankAccount && { ...t.bankAccount, ...offered },
    eibanWallet: t.eibanWallet && { ...t.eibanWallet, iban: offered.iban, bankName: offered.bankName },
  };
}

/**
 * Console users named in the history, by id. Provider viewers see "staff" instead: the dealer's and the
 * operator's people are not theirs to know.
 */
async function staffEmails(
  user: ConsoleUser,
  events: { actorType: string; actorId: string | null }[],
): Promise<Map<string, string>> {
  if (user.role === "PROVIDER") return new Map();
  const ids = [
    ...new Set(
      events
        .filter((e) => e.actorType === "CONSOLE_USER" && e.actorId && /^\d+$/.test(e.actorId))
        .map((e) => Number(e.actorId)),
    ),
  ];
  if (!ids.length) return new Map();
  const users = await prisma.consoleUser.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } });
  return new Map(users.map((u) => [String(u.id), u.email]));
}
