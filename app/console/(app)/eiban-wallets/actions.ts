"use server";

import { formatMoney } from "@/lib/base/money/format-money";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { unreachableWords } from "@/lib/edge/console/unreachable-words";
import { consoleAction } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";
import { targetDealer } from "@/lib/edge/console/target-dealer";
import { addEibanWallet } from "@/lib/domain/eiban/add-eiban-wallet";
import { reconcileWallets } from "@/lib/domain/eiban/reconcile-wallets";
import { testWalletConnection } from "@/lib/domain/eiban/test-wallet-connection";
import { updateEibanWallet } from "@/lib/domain/eiban/update-eiban-wallet";
import { sealBankConfig } from "@/lib/domain/transfers/wallet-bank";
import { connectorChoice } from "@/lib/edge/console/connector-form";

/** Admins reconcile every wallet, dealer staff their own dealer's (the frame has checked they have one). */
export const reconcileAction = consoleAction({
  roles: ["ADMIN", "DEALER"],
  schema: z.object({}),
  run: async ({ user, t: messages }) => {
    const t = messages.eibanWallets;
    const results = await reconcileWallets(user.role === "DEALER" ? (user.dealerId ?? -1) : undefined);
    revalidatePath("/console/eiban-wallets");
    const mismatched = results.filter((r) => !r.matches);
    return mismatched.length
      ? { error: t.differ(mismatched.length, results.length, mismatched.map((r) => r.walletId).join(", ")) }
      : { ok: t.allMatch(results.length) };
  },
});

/**
 * Admins only: a wallet decides whose books a bank account's money lands in, so dealers cannot add one. A
 * money move, with its bank connector's configuration.
 */
export const addEibanWalletAction = consoleAction({
  roles: ["ADMIN"],
  moneySetting: true,
  schema: z.object({
    dealerId: z.unknown(),
    iban: formField.text,
    bankName: formField.text,
    accountName: formField.text,
    connector: formField.text,
    config: formField.text,
  }),
  run: async ({ input, user, actor, t }) => {
    const target = targetDealer(user, input.dealerId, t.errors);
    if ("error" in target) return target;
    // The bank connector and its configuration, as the CLI's --connector/--config take them; none: the sandbox bank.
    const choice = connectorChoice(input.connector, input.config);
    if (choice === "invalid") return { error: t.eibanWallets.configNotJson };
    const connection = choice
      ? { connector: choice.connector, config: sealBankConfig(choice.connector, choice.config) }
      : undefined;
    const created = await addEibanWallet(
      { dealerId: target.dealerId, iban: input.iban, bankName: input.bankName, accountName: input.accountName },
      actor,
      undefined,
      connection,
    );
    revalidatePath("/console/eiban-wallets");
    return { ok: t.eibanWallets.added(created.wallet_id, formatMoney(created.balance, t.lang)) };
  },
});

export const updateEibanWalletAction = consoleAction({
  roles: ["ADMIN", "DEALER"],
  schema: z.object({
    id: formField.id,
    bankName: formField.text,
    accountName: formField.text,
    isActive: formField.flag,
  }),
  run: async ({ input: { id, ...fields }, actor, t }) => {
    if (!id) return { error: t.eibanWallets.unknown };
    // updateEibanWallet refuses another dealer's wallet for dealer staff (actor.dealerId), in its transaction.
    const saved = await updateEibanWallet(id, fields, actor);
    revalidatePath("/console/eiban-wallets");
    return { ok: saved.isActive ? t.common.saved : t.eibanWallets.savedInactive };
  },
});

/** Asks the wallet's bank connector whether the bank answers (admins, and dealer staff for their own wallets). */
export const testWalletConnectionAction = consoleAction({
  roles: ["ADMIN", "DEALER"],
  schema: z.object({ id: formField.id }),
  run: async ({ input, actor, t }) => {
    if (!input.id) return { error: t.eibanWallets.unknown };
    const check = await testWalletConnection(input.id, actor);
    if (check.ok) return { ok: t.eibanWallets.connectionOk(check.message) };
    return {
      error:
        unreachableWords(t.eibanWallets.theBank, check.message, t) ?? t.eibanWallets.connectionFailed(check.message),
    };
  },
});
