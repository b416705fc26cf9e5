import { randomCodeGroup } from "@/lib/base/crypto/random";
import { createDealer } from "@/lib/domain/dealers/create-dealer";
import { prisma } from "@/lib/base/db/prisma";
import { addEibanWallet } from "@/lib/domain/eiban/add-eiban-wallet";
import { openSandboxAccount } from "@/lib/integrations/sandbox/bank/sandbox-accounts";
import { createProvider } from "@/lib/domain/providers/create-provider";
import { createSite } from "@/lib/domain/sites/create-site";
import { setDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { sandboxStoreKey } from "@/lib/integrations/sandbox/acquirer/sandbox-checkout";

const ACTOR = { label: "test" };

/**
 * A provider with a dealer and one site, created with the same domain functions as the dev seed. The dealer
 * whitelists loopback (money-moving dealer endpoints need a whitelist) unless `dealerIps` says otherwise,
 * and takes cards through the sandbox acquirer unless `acquirer: null` leaves it without one.
 */
export async function createTenant(
  options: {
    ips?: string[];
    dealerIps?: string[];
    dealerMethods?: ("credit_card" | "eiban" | "manual_iban")[];
    callbackUrl?: string;
    dealerCallbackUrl?: string;
    acquirer?: null;
    returnUrl?: null;
  } = {},
) {
  const suffix = randomCodeGroup(6);
  const dealer = await createDealer(
    {
      name: `Dealer ${suffix}`,
      methods: options.dealerMethods ?? ["credit_card", "eiban", "manual_iban"],
      creditCardCallbackUrl: options.dealerCallbackUrl,
      ips: options.dealerIps ?? ["127.0.0.0/8", "::1"],
    },
    ACTOR,
  );
  if (options.acquirer !== null)
    await setDealerAcquirer(
      dealer.id,
      "sandbox-card",
      { merchantId: `Dealer ${suffix}`, storeKey: sandboxStoreKey() },
      ACTOR,
    );
  const urls = options.callbackUrl
    ? {
        depositCallbackUrl: options.callbackUrl,
        withdrawalCallbackUrl: options.callbackUrl,
        creditCardCallbackUrl: options.callbackUrl,
      }
    : {};
  const provider = await createProvider(
    { name: `Provider ${suffix}`, ips: options.ips ?? ["127.0.0.1"], ...urls },
    ACTOR,
  );
  const site = await createSite(
    { providerId: provider.id, dealerId: dealer.id, name: `Site ${suffix}`, returnUrl: "https://site.example/back" },
    ACTOR,
  );
  // A site made before return URLs were required: the payment page then says it can be closed.
  if (options.returnUrl === null) await prisma.site.update({ where: { id: site.id }, data: { returnUrl: null } });
  return {
    dealer,
    provider,
    site,
    creds: { apiKey: provider.api_key, secretKey: provider.secret_key },
    dealerCreds: { apiKey: dealer.api_key, secretKey: dealer.secret_key },
  };
}

/**
 * An E-IBAN wallet whose bank account holds `balance`: the sandbox bank opens the account with test money,
 * then the wallet is registered as admins do, reading its balance from the bank over HTTP.
 */
export async function addFundedWallet(wallet: {
  dealerId: number;
  iban: string;
  balance: string;
  bankName?: string;
  accountName?: string;
}) {
  const accountName = wallet.accountName ?? "Dealer E-IBAN";
  await openSandboxAccount(prisma, { iban: wallet.iban, holder: accountName, balance: wallet.balance });
  return addEibanWallet(
    { dealerId: wallet.dealerId, iban: wallet.iban, bankName: wallet.bankName ?? "Sandbox E-Bank", accountName },
    ACTOR,
  );
}

/** The site offers these gateways on its deposit pages (as an admin ticks them), beside any it offered. */
export async function offerGateways(siteId: number, ...gateways: { id: number }[]) {
  await prisma.siteGateway.createMany({
    data: gateways.map((g) => ({ siteId, gatewayId: g.id })),
    skipDuplicates: true,
  });
}
