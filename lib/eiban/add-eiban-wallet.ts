import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { randomCodeGroup } from "@/lib/crypto/random";
import { prisma } from "@/lib/db/prisma";
import { ApiError } from "@/lib/http/api-error";
import { validate } from "@/lib/http/validate";
import { addEibanWalletSchema, type AddEibanWalletInput } from "@/lib/schemas/eiban-wallet";
import { settings } from "@/lib/config/settings";
import { openSandboxAccount } from "@/lib/sandbox/bank/sandbox-accounts";

export async function addEibanWallet(input: AddEibanWalletInput, actor: Actor) {
  const data = validate(addEibanWalletSchema, input);
  return prisma.$transaction(async (tx) => {
    if (!(await tx.dealer.findUnique({ where: { id: data.dealerId } }))) {
      throw ApiError.validation([`dealer ${data.dealerId} does not exist`]);
    }
    const wallet = await tx.eibanWallet.create({
      data: {
        dealerId: data.dealerId,
        walletId: `WLT-${randomCodeGroup(10)}`,
        iban: data.iban,
        bankName: data.bankName,
        accountName: data.accountName,
        balance: data.balance,
        availableBalance: data.balance,
        bankBalance: data.balance,
      },
    });
    // With the sandbox bank, the account behind the wallet is opened there with the same balance.
    if (settings.sandboxEnabled) await openSandboxAccount(tx, { iban: data.iban, holder: data.accountName, balance: data.balance });
    await recordAudit(tx, actor, { action: "eiban_wallet.create", entityType: "eiban_wallet", entityId: wallet.id, after: { walletId: wallet.walletId, iban: data.iban } });
    return { id: wallet.id, wallet_id: wallet.walletId };
  });
}
