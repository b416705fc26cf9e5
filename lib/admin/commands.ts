import type { Actor } from "@/lib/audit/record-audit";
import { approveByCode, rejectByCode } from "@/lib/approvals/approve-by-code";
import { addBankAccount } from "@/lib/bank-accounts/add-bank-account";
import { amountSchema } from "@/lib/schemas/common";
import { validate } from "@/lib/http/validate";
import { resendDelivery } from "@/lib/callbacks/resend-delivery";
import { sendTestCallback, TEST_TARGETS, type TestTarget } from "@/lib/callbacks/send-test-callback";
import { ApiError } from "@/lib/http/api-error";
import { blockCustomer } from "@/lib/customers/block-customer";
import { createDealer } from "@/lib/dealers/create-dealer";
import { addEibanWalletFromCli } from "./add-eiban-wallet-from-cli";
import { createProvider } from "@/lib/providers/create-provider";
import { rotateProviderSecret } from "@/lib/providers/rotate-provider-secret";
import { createSite } from "@/lib/sites/create-site";
import { createConsoleUser } from "@/lib/users/create-console-user";
import { list, type ParsedArgs } from "./parse-args";

type Command = {
  usage: string;
  flags: string[];
  run: (args: ParsedArgs, actor: Actor) => Promise<unknown>;
};

type DealerMethod = "credit_card" | "eiban" | "manual_iban";

function requireCode(positional: string[]): string {
  if (positional.length !== 1) throw ApiError.validation(["give exactly one tracking code"]);
  return positional[0]!;
}

function summary(result: { trackingCode?: string; status?: string; transferId?: string; finalAmount?: { toFixed: (n: number) => string } | null }) {
  if ("transferId" in result && result.transferId) return { transfer_id: result.transferId, status: "sent to the bank" };
  return { tracking_code: result.trackingCode, status: result.status, final_amount: result.finalAmount?.toFixed(2) ?? null };
}

function positiveInt(value: string | undefined, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw ApiError.validation([`--${flag} must be a positive whole number`]);
  return n;
}

/** Every admin CLI command: its flags (others are refused) and the domain function it calls. */
export const COMMANDS: Record<string, Command> = {
  "user:create": {
    usage: "--email E --password P --role admin|dealer|provider [--dealer ID|--provider ID]",
    flags: ["email", "password", "role", "dealer", "provider"],
    run: ({ flags }, actor) =>
      createConsoleUser(
        { email: flags.email!, password: flags.password!, role: flags.role as "admin", dealerId: flags.dealer as unknown as number, providerId: flags.provider as unknown as number },
        actor,
      ),
  },
  "provider:create": {
    usage: "--name N --ips a,b [--deposit-callback-url U] [--withdrawal-callback-url U] [--card-callback-url U]",
    flags: ["name", "ips", "deposit-callback-url", "withdrawal-callback-url", "card-callback-url"],
    run: ({ flags }, actor) =>
      createProvider(
        {
          name: flags.name!,
          ips: list(flags.ips),
          depositCallbackUrl: flags["deposit-callback-url"],
          withdrawalCallbackUrl: flags["withdrawal-callback-url"],
          creditCardCallbackUrl: flags["card-callback-url"],
        },
        actor,
      ),
  },
  "provider:rotate-secret": {
    usage: "--id ID [--grace SECONDS]",
    flags: ["id", "grace"],
    run: ({ flags }, actor) => rotateProviderSecret(positiveInt(flags.id, "id"), actor, flags.grace === undefined ? 0 : Number(flags.grace)),
  },
  "dealer:create": {
    usage: "--name N --methods credit_card,eiban,manual_iban [--card-callback-url U] [--ips a,b]",
    flags: ["name", "methods", "card-callback-url", "ips", "welcome-message"],
    run: ({ flags }, actor) =>
      createDealer(
        {
          name: flags.name!,
          methods: list(flags.methods) as DealerMethod[] | undefined,
          creditCardCallbackUrl: flags["card-callback-url"],
          ips: list(flags.ips),
          welcomeMessage: flags["welcome-message"],
        },
        actor,
      ),
  },
  "site:create": {
    usage: "--provider ID --dealer ID --name N",
    flags: ["provider", "dealer", "name"],
    run: ({ flags }, actor) => createSite({ providerId: flags.provider as unknown as number, dealerId: flags.dealer as unknown as number, name: flags.name! }, actor),
  },
  "bank-account:add": {
    usage: "--dealer ID --bank B --holder H --iban I --min 1 --max 100000",
    flags: ["dealer", "bank", "holder", "iban", "min", "max"],
    run: ({ flags }, actor) =>
      addBankAccount(
        { dealerId: flags.dealer as unknown as number, bankName: flags.bank!, accountName: flags.holder!, iban: flags.iban!, minAmount: flags.min, maxAmount: flags.max },
        actor,
      ),
  },
  "eiban:add": {
    usage: "--dealer ID --iban I --bank B --holder H [--balance 5000.00 (sandbox bank only: funds the account first)]",
    flags: ["dealer", "iban", "bank", "holder", "balance"],
    run: ({ flags }, actor) => addEibanWalletFromCli(flags, actor),
  },
  "callback:resend": {
    usage: "--id DELIVERY_ID",
    flags: ["id"],
    run: ({ flags }, actor) => resendDelivery(positiveInt(flags.id, "id"), actor),
  },
  "callback:test": {
    usage: `--target ${TEST_TARGETS.join("|")} (--provider ID | --dealer ID)`,
    flags: ["target", "provider", "dealer"],
    run: ({ flags }, actor) => {
      if (!TEST_TARGETS.includes(flags.target as TestTarget)) throw ApiError.validation([`target must be one of ${TEST_TARGETS.join(", ")}`]);
      return sendTestCallback(
        { target: flags.target as TestTarget, providerId: flags.provider ? positiveInt(flags.provider, "provider") : undefined, dealerId: flags.dealer ? positiveInt(flags.dealer, "dealer") : undefined },
        actor,
      );
    },
  },
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
  "block:add": {
    usage: "--provider ID --user-id U [--reason R]",
    flags: ["provider", "user-id", "reason"],
    run: ({ flags }, actor) => blockCustomer({ providerId: flags.provider as unknown as number, userId: flags["user-id"]!, reason: flags.reason }, actor),
  },
};
