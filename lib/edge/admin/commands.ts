import { approveByCode, declineApprovalByCode, rejectByCode } from "@/lib/domain/approvals/approve-by-code";
import { amountSchema } from "@/lib/domain/schemas/common";
import { validate } from "@/lib/domain/schemas/validate";
import { reencryptSecrets } from "@/lib/domain/ops/reencrypt-secrets";
import { describeUnreadableSecrets, findUnreadableSecrets } from "@/lib/domain/ops/unreadable-secrets";
import { DomainError } from "@/lib/base/errors/domain-error";
import { addEibanWalletFromCli } from "./add-eiban-wallet-from-cli";
import { BANK_ACCOUNT_COMMANDS } from "./bank-account-commands";
import { CALLBACK_COMMANDS } from "./callback-commands";
import { CARD_COMMANDS } from "./card-commands";
import { positiveInt, type Commands } from "./command";
import { CUSTOMER_COMMANDS } from "./customer-commands";
import { DEALER_COMMANDS } from "./dealer-commands";
import { DEMO_COMMANDS } from "./demo-commands";
import { GATEWAY_COMMANDS } from "./gateway-commands";
import { LEDGER_COMMANDS } from "./ledger-commands";
import { PROVIDER_COMMANDS } from "./provider-commands";
import { RECON_COMMANDS } from "./recon-commands";
import { SITE_COMMANDS } from "./site-commands";
import { SITE_INTEGRATION_COMMANDS } from "./site-integration-commands";
import { USER_COMMANDS } from "./user-commands";
import { refusal } from "@/lib/base/messages/errors";

function requireCode(positional: string[]): string {
  if (positional.length !== 1) throw DomainError.validation([refusal("oneTrackingCode")]);
  return positional[0]!;
}

type Decision = Awaited<ReturnType<typeof approveByCode>> | Awaited<ReturnType<typeof rejectByCode>>;

/** A deposit's approval: completed, or stored as the first of two approvals (exit 0, and it says so). */
function decisionSummary(result: Decision) {
  if ("proposed" in result && result.proposed)
    return {
      tracking_code: result.transaction.trackingCode,
      status: result.transaction.status,
      awaiting_second_approval: true,
      proposed_amount: result.transaction.amount.toFixed(2),
      message: AWAITING,
    };
  if (!("outcome" in result)) return summary(result);
  if (result.outcome === "applied") return summary(result.transaction);
  return {
    tracking_code: result.transaction.trackingCode,
    status: result.transaction.status,
    awaiting_second_approval: true,
    proposed_amount: result.proposal.amount.toFixed(2),
    message: AWAITING,
  };
}

const AWAITING = "Awaiting a second approval: another admin confirms or declines it in the console (Approvals).";

/** What the bank acknowledged, said as it is: a transfer the bank did not answer for is queued, not sent. */
function transferSummary(transferId: string, bankReference: string | null) {
  if (bankReference) return { transfer_id: transferId, status: "sent to the bank", bank_reference: bankReference };
  return {
    transfer_id: transferId,
    status: "queued for retry",
    message:
      "The bank did not acknowledge the transfer from this command (when the bank is the built-in sandbox, " +
      "PUBLIC_BASE_URL or PORT must name the running server). The money is reserved and the running server's " +
      "housekeeping sends the transfer again until the bank answers.",
  };
}

function summary(result: {
  trackingCode?: string;
  status?: string;
  transferId?: string;
  bankReference?: string | null;
  finalAmount?: { toFixed: (n: number) => string } | null;
}) {
  if ("transferId" in result && result.transferId)
    return transferSummary(result.transferId, result.bankReference ?? null);
  return {
    tracking_code: result.trackingCode,
    status: result.status,
    final_amount: result.finalAmount?.toFixed(2) ?? null,
  };
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
    usage:
      "--dealer ID --iban I --bank B --holder H [--connector http-partner --config JSON] [--balance 5000.00 " +
      "(sandbox bank only: funds the account first)]",
    flags: ["dealer", "iban", "bank", "holder", "balance", "connector", "config"],
    run: ({ flags }, actor) => addEibanWalletFromCli(flags, actor),
  },
  ...GATEWAY_COMMANDS,
  ...CALLBACK_COMMANDS,
  "transaction:approve": {
    usage: "CODE [--amount X] [--reason R] [--reference BANK_REF (an expired deposit's late completion)]",
    flags: ["amount", "reason", "reference"],
    run: async ({ positional, flags }, actor) => {
      const amount =
        flags.amount === undefined
          ? undefined
          : validate(amountSchema({ min: "0.01", allowString: true }), flags.amount);
      return decisionSummary(
        await approveByCode(requireCode(positional), { ...actor, viaCli: true }, amount, {
          reason: flags.reason,
          reference: flags.reference,
        }),
      );
    },
  },
  "transaction:decline-approval": {
    usage: "CODE --reason R",
    flags: ["reason"],
    run: async ({ positional, flags }, actor) => {
      if (!flags.reason || flags.reason.trim().length < 3) throw DomainError.validation([refusal("reasonNeeded")]);
      const t = await declineApprovalByCode(requireCode(positional), { ...actor, viaCli: true }, flags.reason.trim());
      return { tracking_code: t.trackingCode, status: t.status, second_approval: "declined" };
    },
  },
  "transaction:reject": {
    usage: "CODE [--reason R]",
    flags: ["reason"],
    run: async ({ positional, flags }, actor) =>
      decisionSummary(await rejectByCode(requireCode(positional), { ...actor, viaCli: true }, flags.reason)),
  },
  ...CARD_COMMANDS,
  ...CUSTOMER_COMMANDS,
  ...DEMO_COMMANDS,
  ...LEDGER_COMMANDS,
  ...RECON_COMMANDS,
  "secrets:reencrypt": {
    usage:
      "[--batch 200] (after putting the new key first in APP_ENCRYPTION_KEYS; run again until changed_meanwhile is 0)",
    flags: ["batch"],
    run: ({ flags }, actor) =>
      reencryptSecrets(actor, { batchSize: flags.batch === undefined ? undefined : positiveInt(flags.batch, "batch") }),
  },
  // The restore drill's last step (docs/deploy.md, "Backups"): does this keyring open every stored secret?
  "secrets:check": {
    usage: "(exits 1 naming the table, row and key of every stored secret this instance's keyring cannot open)",
    flags: [],
    run: async () => {
      const unreadable = describeUnreadableSecrets(await findUnreadableSecrets());
      if (unreadable.count === 0) return { unreadable: 0 };
      const where = unreadable.values.map((v) => `${v.table}#${v.id}.${v.column}`).join(", ");
      throw new Error(
        `${unreadable.count} stored secret(s) cannot be opened with this keyring (sealed under ` +
          `${unreadable.keys.join(", ")}): ${where}`,
      );
    },
  },
};
