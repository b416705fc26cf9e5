import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import type { EibanBank } from "@/lib/integrations/bank/eiban-bank-port";
import { openSandboxAccount } from "@/lib/integrations/sandbox/bank/sandbox-accounts";
import type { SealedConfig } from "@/lib/integrations/connectors/sealed-config";
import { bankOfWallet } from "@/lib/domain/transfers/wallet-bank";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { validate } from "@/lib/domain/schemas/validate";
import { addEibanWalletSchema, type AddEibanWalletInput } from "@/lib/domain/schemas/eiban-wallet";
import { refusal } from "@/lib/base/messages/errors";
import { note } from "@/lib/base/messages/notes";
import { alertMoneySettingChanged } from "@/lib/domain/alerts/money-setting-alert";

/**
 * Registers a dealer's E-IBAN account as a wallet (admins only). The IBAN can belong to one wallet only,
 * so payments are booked and transfers sent from exactly one dealer's books; the opening balance is the
 * bank's own figure for the account, never a number typed into a form.
 */
export async function addEibanWallet(
  input: AddEibanWalletInput,
  actor: Actor,
  reader?: Pick<EibanBank, "balance">,
  connection?: { connector: string; config: SealedConfig },
) {
  const data = validate(addEibanWalletSchema, input);
  const stored = {
    connector: connection?.connector ?? null,
    connectorConfig: (connection?.config ?? null) as Prisma.InputJsonValue | null,
  };
  const bank =
    reader ??
    bankOfWallet({
      iban: data.iban,
      connector: stored.connector,
      connectorConfig: (connection?.config ?? null) as Prisma.JsonValue,
    });
  if (await prisma.eibanWallet.findUnique({ where: { iban: data.iban }, select: { id: true } }))
    throw DomainError.validation([refusal("walletIbanTaken")]);
  let balance: string;
  try {
    balance = await bank.balance(data.iban);
  } catch (error) {
    throw DomainError.validation([refusal(/\b404\b/.test(String(error)) ? "bankNoAccount" : "bankUnreachable")]);
  }
  try {
    return await inTransaction(async (tx) => {
      if (!(await tx.dealer.findUnique({ where: { id: data.dealerId }, select: { id: true } })))
        throw DomainError.validation([refusal("referenceMissing", { entity: "dealer", id: data.dealerId })]);
      const wallet = await tx.eibanWallet.create({
        data: {
          dealerId: data.dealerId,
          walletId: `WLT-${randomCodeGroup(10)}`,
          iban: data.iban,
          bankName: data.bankName,
          accountName: data.accountName,
          balance,
          availableBalance: balance,
          bankBalance: balance,
          reconciledAt: new Date(),
          connector: stored.connector,
          connectorConfig: stored.connectorConfig ?? undefined,
        },
      });
      const auditId = await recordAudit(tx, actor, {
        action: "eiban_wallet.create",
        entityType: "eiban_wallet",
        entityId: wallet.id,
        after: { walletId: wallet.walletId, iban: data.iban, balance, connector: stored.connector },
      });
      // A bank connector of its own (where transfers leave from, the secret the bank signs with): a money setting.
      if (stored.connector)
        await alertMoneySettingChanged(tx, actor, {
          auditId,
          dealerId: data.dealerId,
          message: note("walletConnectorSet", {
            wallet: wallet.walletId,
            connector: stored.connector,
            who: actor.label,
          }),
        });
      return { id: wallet.id, wallet_id: wallet.walletId, balance };
    });
  } catch (error) {
    // Two admins adding the same IBAN at once: the unique index lets one through.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw DomainError.validation([refusal("walletIbanTaken")]);
    throw error;
  }
}

/**
 * Opens the sandbox bank account a wallet is then registered for, with test money (the CLI's `eiban:add
 * --balance`, sandbox only); an existing account keeps what it holds.
 */
export async function openSandboxWalletAccount(account: {
  iban: string;
  holder: string;
  balance: string;
}): Promise<void> {
  await openSandboxAccount(prisma, account);
}
