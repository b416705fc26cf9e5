import { writeFileSync } from "node:fs";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { dataDir } from "@/lib/base/config/data-dir";
import { prisma } from "@/lib/base/db/prisma";
import { createDealer } from "@/lib/domain/dealers/create-dealer";
import { addEibanWallet } from "@/lib/domain/eiban/add-eiban-wallet";
import { SANDBOX_GATEWAYS } from "@/lib/domain/third-party/sandbox-gateway-catalog";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { createProvider } from "@/lib/domain/providers/create-provider";
import { openSandboxAccount, sandboxBooks } from "@/lib/integrations/sandbox/bank/sandbox-accounts";
import { createSite } from "@/lib/domain/sites/create-site";
import { setDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { sandboxStoreKey } from "@/lib/integrations/sandbox/acquirer/sandbox-checkout";
import { createConsoleUser } from "@/lib/domain/users/create-console-user";
import { addFeeSchedule } from "@/lib/domain/ledger/fee-schedules";
import { FLOWS } from "@/lib/domain/payment-methods";
import { demoCurl } from "@/lib/edge/admin/signed-curl";
import { seedDemoActivity } from "./seed-activity";

export const DEMO_USERS = {
  admin: { email: "admin@demo.local", password: "demo-admin-password" },
  dealer: { email: "dealer@demo.local", password: "demo-dealer-password" },
  provider: { email: "provider@demo.local", password: "demo-provider-password" },
};

const SEED = { label: "seed" };

/** The demo provider's fees, the worked example's of docs/ledger.md: per direction, the service's part and the dealer's share. */
const DEMO_FEES = {
  DEPOSIT: { servicePercent: "1.5", serviceFixed: "1.00", dealerPercent: "0.5", dealerFixed: "0" },
  WITHDRAWAL: { servicePercent: "0.75", serviceFixed: "2.00", dealerPercent: "0.25", dealerFixed: "0" },
  PAYMENT: { servicePercent: "2.9", serviceFixed: "0.25", dealerPercent: "0.6", dealerFixed: "0" },
} as const;

async function addDemoFees(providerId: number) {
  const effectiveFrom = new Date(Date.UTC(new Date().getUTCFullYear(), 0, 1));
  const flows = new Map(
    FLOWS.filter((f) => f.lifecycle.origin === "PROVIDER").map((f) => [`${f.method}:${f.lifecycle.direction}`, f]),
  );
  for (const { method, lifecycle } of flows.values())
    await addFeeSchedule(
      { providerId, method, direction: lifecycle.direction, effectiveFrom, ...DEMO_FEES[lifecycle.direction] },
      SEED,
    );
}

/**
 * Creates the demo tenant on an empty database; returns false when data already exists. Its callbacks go to
 * the sandbox receiver, which verifies them as an integrator would.
 */
async function createDemoData(baseUrl: string): Promise<boolean> {
  if ((await prisma.provider.count()) > 0 || (await prisma.consoleUser.count()) > 0) return false;
  const receiver = `${baseUrl}/sandbox/callbacks`;
  const dealer = await createDealer(
    {
      name: "Demo Dealer",
      methods: ["credit_card", "eiban", "manual_iban"],
      welcomeMessage: "Welcome to the demo dealer account.",
      creditCardCallbackUrl: receiver,
      ips: ["127.0.0.1", "::1"],
    },
    SEED,
  );
  const provider = await createProvider(
    {
      name: "Demo Provider",
      ips: ["127.0.0.1", "::1"],
      depositCallbackUrl: receiver,
      withdrawalCallbackUrl: receiver,
      creditCardCallbackUrl: receiver,
    },
    SEED,
  );
  const gateways = [];
  for (const gateway of SANDBOX_GATEWAYS)
    gateways.push(await saveGateway(undefined, { ...gateway, isActive: true }, SEED));
  // The site sends its customers back to the sandbox's stand-in for its own page, and offers the sandbox gateways.
  const site = await createSite(
    {
      providerId: provider.id,
      dealerId: dealer.id,
      name: "Demo Casino",
      legalName: "Demo Eğlence A.Ş.",
      returnUrl: `${baseUrl}/sandbox/return`,
      gatewayIds: gateways.map((g) => g.id),
    },
    SEED,
  );
  // The demo dealer's merchant account is at the sandbox acquirer, so card payments work on one machine.
  await setDealerAcquirer(dealer.id, "sandbox-card", { merchantId: "Demo Dealer", storeKey: sandboxStoreKey() }, SEED);
  await addBankAccount(
    {
      dealerId: dealer.id,
      bankName: "Ziraat Bankası",
      accountName: "Demo Ödeme Hizmetleri A.Ş.",
      iban: ibanFromBban("TR", "0001000000000012345678"),
      minAmount: "1",
      maxAmount: "50000",
    },
    SEED,
  );
  await addBankAccount(
    {
      dealerId: dealer.id,
      bankName: "Garanti BBVA",
      accountName: "Demo Ödeme Hizmetleri A.Ş.",
      iban: ibanFromBban("TR", "0006200000000087654321"),
      minAmount: "100",
      maxAmount: "250000",
    },
    SEED,
  );
  const walletIban = ibanFromBban("TR", "0082900000000011223344");
  await openSandboxAccount(prisma, { iban: walletIban, holder: "Demo Dealer E-IBAN", balance: "25000.00" });
  await addEibanWallet(
    { dealerId: dealer.id, iban: walletIban, bankName: "Sandbox E-Bank", accountName: "Demo Dealer E-IBAN" },
    SEED,
    sandboxBooks,
  );
  await createConsoleUser({ ...DEMO_USERS.admin, role: "admin" }, SEED);
  await createConsoleUser({ ...DEMO_USERS.dealer, role: "dealer", dealerId: dealer.id }, SEED);
  await createConsoleUser({ ...DEMO_USERS.provider, role: "provider", providerId: provider.id }, SEED);
  await addDemoFees(provider.id);
  await seedDemoActivity(provider.api_key, site.credential_key);
  return true;
}

/**
 * Creates the demo world on an empty database and says how to use it: `log` for the log's lines, `print` for the
 * two calls to paste, as plain text (a command inside a JSON log line would come with its quotes escaped).
 */
export async function seedDemo({
  log,
  print,
  port,
}: {
  log: (line: string) => void;
  print: (text: string) => void;
  port: number;
}): Promise<void> {
  const baseUrl = `http://localhost:${port}`;
  const created = await createDemoData(baseUrl);
  if (created) writeFileSync(dataDir("demo-users.json"), JSON.stringify(DEMO_USERS, null, 2));
  const provider = await prisma.provider.findFirst({ where: { name: "Demo Provider" }, orderBy: { id: "asc" } });
  const dealer = await prisma.dealer.findFirst({ where: { name: "Demo Dealer" }, orderBy: { id: "asc" } });
  log(created ? "Demo data created." : "Demo data found.");
  log(`Console: ${baseUrl}/console  logins:`);
  for (const [role, user] of Object.entries(DEMO_USERS)) log(`  ${role.padEnd(8)} ${user.email} / ${user.password}`);
  log(
    "Demo keys to sign requests yourself (API, secret, verification and credential keys): npm run --silent admin -- demo:credentials",
  );
  log(`API docs: ${baseUrl}/docs  ·  Sandbox bank: ${baseUrl}/sandbox/bank`);
  if (!provider || !dealer) return;
  // The CLI, run from another shell, does not know this server's port unless told.
  const url = port === 3000 ? "" : ` --url ${baseUrl}`;
  print(
    [
      "",
      "Try the provider API (this hash is valid for 5 minutes; a fresh call any time:",
      `npm run --silent admin -- demo:curl${url} | sh):`,
      "",
      demoCurl("provider", baseUrl, provider),
      "",
      `And the dealer API (npm run --silent admin -- demo:curl --api dealer${url} | sh):`,
      "",
      demoCurl("dealer", baseUrl, dealer),
      "",
    ].join("\n"),
  );
}
