import { approveByCode, rejectByCode } from "@/lib/domain/approvals/approve-by-code";
import { amountSchema } from "@/lib/domain/schemas/common";
import { validate } from "@/lib/domain/schemas/validate";
import { reencryptSecrets } from "@/lib/domain/ops/reencrypt-secrets";
import { DomainError } from "@/lib/base/errors/domain-error";
import { addEibanWalletFromCli } from "./add-eiban-wallet-from-cli";
import { BANK_ACCOUNT_COMMANDS } from "./bank-account-commands";
import { CALLBACK_COMMANDS } from "./callback-commands";
import { positiveInt, type Commands } from "./command";
import { CUSTOMER_COMMANDS } from "./customer-commands";
import { DEALER_COMMANDS } from "./dealer-commands";
import { GATEWAY_COMMANDS } from "./gateway-commands";
import { PROVIDER_COMMANDS } from "./provider-commands";
import { SITE_COMMANDS } from "./site-commands";
import { SITE_INTEGRATION_COMMANDS } from "./site-integration-commands";
import { USER_COMMANDS } from "./user-commands";

function requireCode(positional: string[]): string {
  if (positional.length !== 1) throw DomainError.validation(["give exactly one tracking code"]);
  return positional[0]!;
}

function summary(result: { trackingCode?: string; status?: string; transferId?: string; finalAmount?: { toFixed: (n: number) => string } | null }) {
  if ("transferId" in result && result.transferId) return { transfer_id: result.transferId, status: "sent to the bank" };
  return { tracking_code: result.trackingCode, status: result.status, final_amount: result.finalAmount?.toFixed(2) ?? null };
}

/** Every admin CLI command: its flags (others are refused) and the domain function it calls. */
export const COMMANDS: Commands = {
  ...USER_COMMANDS,
  ...PROVIDER_COMMANDS,
  ...DEALER_COMMANDS,
  ...SITE_COMMANDS,
  ...SITE_INTEGRATION_COMMANDS,
  ...BANK_ACCOUNT_COMMANDS,
  "eiban:add": {
    usage: "--dealer ID --iban I --bank B --holder H [--balance 5000.00 (sandbox bank only: funds the account first)]",
    flags: ["dealer", "iban", "bank", "holder", "balance"],
    run: ({ flags }, actor) => addEibanWalletFromCli(flags, actor),
  },
  ...GATEWAY_COMMANDS,
  ...CALLBACK_COMMANDS,
  "transaction:approve": {
    usage: "CODE [--amount X]",
    flags: ["amount"],
    run: async ({ positional, flags }, actor) => {
      const amount = flags.amount === undefined ? undefined : validate(amountSchema({ min: "0.01", allowString: true }), flags.amount);
      return summary(await approveByCode(requireCode(positional), { ...actor, viaCli: true }, amount));
    },
  },
  "transaction:reject": {
    usage: "CODE [--reason R]",
    flags: ["reason"],
    run: async ({ positional, flags }, actor) => summary(await rejectByCode(requireCode(positional), { ...actor, viaCli: true }, flags.reason)),
  },
  ...CUSTOMER_COMMANDS,
  "secrets:reencrypt": {
    usage: "[--batch 200] (after putting the new key first in APP_ENCRYPTION_KEYS; run again until changed_meanwhile is 0)",
    flags: ["batch"],
    run: ({ flags }, actor) => reencryptSecrets(actor, { batchSize: flags.batch === undefined ? undefined : positiveInt(flags.batch, "batch") }),
  },
};
