import { prisma } from "@/lib/base/db/prisma";
import { normalizeIban } from "@/lib/base/iban/iban";
import { note } from "@/lib/base/messages/notes";
import type { EibanWallet } from "@/lib/generated/prisma/client";
import type { BankLine } from "@/lib/integrations/connectors/ports";
import { raiseAlert } from "@/lib/domain/alerts/raise-alert";
import { settleTransfer } from "@/lib/domain/transfers/settle-transfer";
import { recordIncomingPayment } from "./record-incoming-payment";

type BoundWallet = Pick<EibanWallet, "id" | "walletId" | "iban">;

/**
 * Whose credentials verified a bank line, which is what it may book onto: the wallets whose own connector
 * secret verified it (one, or several sharing a secret; the poller: the wallet it read), or the sandbox
 * bank's shared secret, which may only book onto wallets without a connector of their own (the sandbox's).
 */
export type BankSigner = { kind: "wallets"; wallets: BoundWallet[] } | { kind: "sandbox" };

/**
 * What became of a line: `recorded` (a payment received, booked now), `duplicate` (its bank reference was
 * booked on that wallet before), `settled` (the transfer it names has its outcome, now or from before),
 * `unknown-transfer` (no transfer of ours has that clientRef), `unknown-account` (the sandbox names an
 * account that is no wallet), `refused` (it names an account or a transfer its signer may not book: nothing
 * booked, an alert raised).
 */
export type LineStatus = "recorded" | "duplicate" | "settled" | "unknown-transfer" | "unknown-account" | "refused";

const signerWords = (signer: BankSigner) =>
  signer.kind === "wallets" ? signer.wallets.map((w) => w.walletId).join(", ") : undefined;
const signerSource = (signer: BankSigner) =>
  signer.kind === "wallets" ? `bank of wallet ${signerWords(signer)}` : "sandbox bank";

/**
 * The wallet an incoming line is booked onto, "unknown" (sandbox: no such wallet), or null (not the signer's to book).
 */
async function incomingWallet(signer: BankSigner, line: BankLine): Promise<BoundWallet | "unknown" | null> {
  const named = line.accountIban ? normalizeIban(line.accountIban) : null;
  if (signer.kind === "wallets") {
    if (named === null) return signer.wallets.length === 1 ? signer.wallets[0]! : null;
    return signer.wallets.find((w) => normalizeIban(w.iban) === named) ?? null;
  }
  if (named === null) return null;
  const wallet = await prisma.eibanWallet.findUnique({
    where: { iban: named },
    select: { id: true, walletId: true, iban: true, connector: true },
  });
  if (!wallet) return "unknown";
  return wallet.connector === null ? wallet : null;
}

/**
 * One bank line (a notification's or a statement's), booked only onto what its signer may book: a payment
 * received onto the signer's own wallet (recordIncomingPayment, once per bank reference and wallet), an
 * outgoing line onto the signer's own transfer with that clientRef (settleTransfer, once). A line naming
 * any other account or transfer books nothing and raises a `foreign_bank_line` alert for admins.
 */
export async function bookBankLine(
  signer: BankSigner,
  line: BankLine,
): Promise<{ status: LineStatus; booked: boolean }> {
  const occurredAt = new Date(line.occurredAt);
  if (line.direction === "incoming") {
    const wallet = await incomingWallet(signer, line);
    if (wallet === "unknown") return { status: "unknown-account", booked: false };
    if (!wallet) {
      await raiseForeignLine(
        signer,
        line,
        note("bankLineOtherAccount", {
          signer: signerWords(signer),
          iban: line.accountIban ?? "?",
          reference: line.reference,
        }),
        {},
      );
      return { status: "refused", booked: false };
    }
    const status = await recordIncomingPayment({
      walletId: wallet.id,
      reference: line.reference,
      amount: line.amount,
      senderName: line.counterpartyName,
      senderIban: line.counterpartyIban,
      description: line.description,
      occurredAt,
    });
    return { status, booked: status === "recorded" };
  }
  if (!line.clientRef) return { status: "unknown-transfer", booked: false }; // an outgoing payment we did not order
  const transfer = await prisma.transfer.findUnique({
    where: { transferId: line.clientRef },
    select: { id: true, walletId: true, status: true, wallet: { select: { connector: true } } },
  });
  if (!transfer) return { status: "unknown-transfer", booked: false };
  const own =
    signer.kind === "wallets"
      ? signer.wallets.some((w) => w.id === transfer.walletId)
      : transfer.wallet.connector === null;
  if (!own) {
    await raiseForeignLine(
      signer,
      line,
      note("bankLineOtherTransfer", {
        signer: signerWords(signer),
        transfer: line.clientRef,
        reference: line.reference,
      }),
      { transferId: transfer.id },
    );
    return { status: "refused", booked: false };
  }
  if (transfer.status !== "pending") return { status: "settled", booked: false };
  await settleTransfer({
    transferId: line.clientRef,
    walletId: transfer.walletId,
    reference: line.reference,
    completed: line.status !== "failed",
    reason: line.reason ?? undefined,
    occurredAt,
  });
  return { status: "settled", booked: true };
}

async function raiseForeignLine(
  signer: BankSigner,
  line: BankLine,
  message: Parameters<typeof raiseAlert>[1]["message"],
  link: { transferId?: number },
) {
  const by = signer.kind === "wallets" ? `wallet:${signer.wallets.map((w) => w.id).join(",")}` : "sandbox";
  await raiseAlert(prisma, {
    kind: "foreign_bank_line",
    source: signerSource(signer),
    // Admins only: it is about a partner's credentials, not a dealer's own transactions.
    dealerId: null,
    transferId: link.transferId ?? null,
    message,
    details: {
      reference: line.reference,
      direction: line.direction,
      iban: line.accountIban ?? null,
      clientRef: line.clientRef ?? null,
      amount: line.amount,
    },
    dedupeKey: `foreign_bank_line:${by}:${line.direction}:${line.reference}`.slice(0, 500),
  });
}
