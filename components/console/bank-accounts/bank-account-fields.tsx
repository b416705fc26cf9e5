import { TextField } from "@/components/ui/text-field";
import { formatIban } from "@/lib/iban/iban";

type Account = { bankName: string; accountName: string; iban: string; minAmount: { toFixed: (n: number) => string }; maxAmount: { toFixed: (n: number) => string } };

/** Bank, holder, IBAN and the deposit limits (exact decimals, TRY). */
export function BankAccountFields({ account }: { account?: Account }) {
  return (
    <>
      <TextField label="Bank" name="bankName" defaultValue={account?.bankName} className="w-48" />
      <TextField label="Account holder" name="accountName" defaultValue={account?.accountName} className="w-64" />
      <TextField label="IBAN" name="iban" defaultValue={account ? formatIban(account.iban) : undefined} className="w-96 max-w-full" spellCheck={false} />
      <TextField label="Min amount (TRY)" name="minAmount" defaultValue={account?.minAmount.toFixed(2)} inputMode="decimal" className="w-36" />
      <TextField label="Max amount (TRY)" name="maxAmount" defaultValue={account?.maxAmount.toFixed(2)} inputMode="decimal" className="w-36" />
    </>
  );
}
