import { TextField } from "@/components/ui/text-field";
import { formatIban } from "@/lib/base/iban/iban";
import { formatAmount } from "@/lib/base/money/format-money";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

type Account = {
  bankName: string;
  accountName: string;
  iban: string;
  minAmount: { toFixed: (n: number) => string };
  maxAmount: { toFixed: (n: number) => string };
};

/** Bank, holder, IBAN and the deposit limits (exact decimals, TL; typed in either language's way). */
export function BankAccountFields({ account, t }: { account?: Account; t: ConsoleMessages }) {
  return (
    <>
      <TextField label={t.common.bank} name="bankName" defaultValue={account?.bankName} className="w-48" />
      <TextField
        label={t.common.accountHolder}
        name="accountName"
        defaultValue={account?.accountName}
        className="w-64"
      />
      <TextField
        label={t.common.iban}
        name="iban"
        defaultValue={account ? formatIban(account.iban) : undefined}
        className="w-96 max-w-full"
        spellCheck={false}
      />
      <TextField
        label={t.bankAccounts.minAmount}
        name="minAmount"
        defaultValue={account ? formatAmount(account.minAmount, t.lang) : undefined}
        inputMode="decimal"
        className="w-36"
      />
      <TextField
        label={t.bankAccounts.maxAmount}
        name="maxAmount"
        defaultValue={account ? formatAmount(account.maxAmount, t.lang) : undefined}
        inputMode="decimal"
        className="w-36"
      />
    </>
  );
}
