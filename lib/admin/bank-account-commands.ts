import { addBankAccount } from "@/lib/bank-accounts/add-bank-account";
import { listBankAccounts } from "@/lib/bank-accounts/list-bank-accounts";
import { updateBankAccount } from "@/lib/bank-accounts/update-bank-account";
import { prisma } from "@/lib/db/prisma";
import { booleanFlag, listed, notFound, optionalId, positiveInt, requireSomeFlag, type Commands } from "./command";

const UPDATE_FLAGS = ["bank", "holder", "iban", "min", "max", "active"];

/** Bank accounts for manual deposits: the console's Bank accounts page. */
export const BANK_ACCOUNT_COMMANDS: Commands = {
  "bank-account:add": {
    usage: "--dealer ID --bank B --holder H --iban I --min 1 --max 100000",
    flags: ["dealer", "bank", "holder", "iban", "min", "max"],
    run: ({ flags }, actor) =>
      addBankAccount(
        { dealerId: positiveInt(flags.dealer, "dealer"), bankName: flags.bank!, accountName: flags.holder!, iban: flags.iban!, minAmount: flags.min, maxAmount: flags.max },
        actor,
      ),
  },
  "bank-account:list": {
    usage: "[--dealer ID]",
    flags: ["dealer"],
    run: async ({ flags }) => listed("bank_accounts", await listBankAccounts({ dealerId: optionalId(flags.dealer, "dealer") })),
  },
  "bank-account:update": {
    usage: "--id ID [--bank B] [--holder H] [--iban I] [--min X] [--max Y] [--active true|false]",
    flags: ["id", ...UPDATE_FLAGS],
    run: async ({ flags }, actor) => {
      const id = positiveInt(flags.id, "id");
      requireSomeFlag(flags, UPDATE_FLAGS);
      const current = (await prisma.bankAccount.findUnique({ where: { id } })) ?? notFound("Bank account", id);
      await updateBankAccount(
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
      );
      return (await listBankAccounts({ id }))[0];
    },
  },
};
