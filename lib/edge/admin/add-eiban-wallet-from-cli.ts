import type { Actor } from "@/lib/domain/audit/record-audit";
import { settings } from "@/lib/base/config/settings";
import { addEibanWallet, openSandboxWalletAccount } from "@/lib/domain/eiban/add-eiban-wallet";
import { sealBankConfig } from "@/lib/domain/transfers/wallet-bank";
import { DomainError } from "@/lib/base/errors/domain-error";
import { validate } from "@/lib/domain/schemas/validate";
import { sandboxBooks } from "@/lib/integrations/sandbox/bank/sandbox-accounts";
import { amountSchema, ibanSchema } from "@/lib/domain/schemas/common";
import { connectorFlags } from "./connector-flags";
import { refusal } from "@/lib/base/messages/errors";

/**
 * `eiban:add`: registers a wallet whose balance is read from the bank. `--connector NAME --config JSON`
 * names the bank connector and its configuration (validated by the connector's schema before anything is
 * saved). Without them, with the sandbox bank on, the CLI reads the sandbox's books directly (no server
 * needs to run), and `--balance` first opens the sandbox account with that much test money; against a
 * real bank `--balance` is refused.
 */
export async function addEibanWalletFromCli(flags: Record<string, string | undefined>, actor: Actor) {
  const choice = connectorFlags(flags);
  const connection = choice
    ? { connector: choice.connector, config: sealBankConfig(choice.connector, choice.config) }
    : undefined;
  if (flags.balance !== undefined) {
    if (!settings.sandboxEnabled || connection) throw DomainError.validation([refusal("balanceSandboxOnly")]);
    // Checked before the sandbox opens an account for it, as addEibanWallet checks it for the wallet.
    const iban = validate(ibanSchema("iban"), flags.iban ?? "");
    const balance = validate(amountSchema({ min: "0.00", allowString: true, field: "balance" }), flags.balance);
    await openSandboxWalletAccount({ iban, holder: flags.holder ?? "", balance });
  }
  return addEibanWallet(
    {
      dealerId: Number(flags.dealer),
      iban: flags.iban ?? "",
      bankName: flags.bank ?? "",
      accountName: flags.holder ?? "",
    },
    actor,
    !connection && settings.sandboxEnabled ? sandboxBooks : undefined,
    connection,
  );
}
