import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { listBankAccounts } from "@/lib/domain/bank-accounts/list-bank-accounts";
import { findBankAccount, updateBankAccount } from "@/lib/domain/bank-accounts/update-bank-account";
import { booleanFlag, listed, optionalId, positiveInt, updateCommand, type Commands } from "./command";

/** Bank accounts for manual deposits: the console's Bank accounts page. */
export const BANK_ACCOUNT_COMMANDS: Commands = {
  "bank-account:add": {
    usage: "--dealer ID --bank B --holder H --iban I --min 1 --max 100000",
    flags: ["dealer", "bank", "holder", "iban", "min", "max"],
    run: ({ flags }, actor) =>
      addBankAccount(
        {
          dealerId: positiveInt(flags.dealer, "dealer"),
          bankName: flags.bank!,
          accountName: flags.holder!,
          iban: flags.iban!,
          minAmount: flags.min,
          maxAmount: flags.max,
        },
        actor,
      ),
  },
  "bank-account:list": {
    usage: "[--dealer ID]",
    flags: ["dealer"],
    run: async ({ flags }) =>
      listed("bank_accounts", await listBankAccounts({ dealerId: optionalId(flags.dealer, "dealer") })),
  },
  "bank-account:update": updateCommand({
    what: "bank_account",
    usage: "[--bank B] [--holder H] [--iban I] [--min X] [--max Y] [--active true|false]",
    fields: ["bank", "holder", "iban", "min", "max", "active"],
    load: findBankAccount,
    save: (id, flags, current, actor) =>
      updateBankAccount(
        id,
        {
          bankName: flags.bank ?? current.bankName,
          accountName: flags.holder ?? current.accountName,
          iban: flags.iban ?? current.iban,
          minAmount: flags.min ?? current.minAmount.toFixed(2),
          maxAmount: flags.max ?? current.maxAmount.toFixed(2),
          isActive: booleanFlag(flags.active, "active") ?? current.isActive,
        },
        { ...actor, dealerId: null },
      ),
    shown: async (id) => (await listBankAccounts({ id }))[0],
  }),
};
