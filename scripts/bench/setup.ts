/**
 * The bench's tenant: a provider, its dealer and site, a bank account for every amount, a funded E-IBAN
 * wallet, one gateway per third-party kind, and a card payment whose status the reads ask for.
 */
import { addBankAccount } from "../../lib/domain/bank-accounts/add-bank-account";
import { saveGateway } from "../../lib/domain/third-party/save-gateway";
import { ibanFromBban } from "../../lib/base/iban/iban";
import { addFundedWallet, createTenant } from "../../e2e/support/fixtures";
import { signedRequest } from "../../e2e/support/signed-request";
import { startPartnerSimulator } from "../../e2e/simulators/http-partner/server";
import type { ScaleTenant } from "./million";

export type BenchTenant = {
  /** What the load generator needs (scripts/bench/load.ts). */
  load: {
    provider: { apiKey: string; secretKey: string };
    credentialKey: string;
    gateways: { bank: number; crypto: number; wallet: number };
    cardTrackingCode: string;
    dealer: { apiKey: string; secretKey: string; walletId: string; startDate: string; endDate: string };
  };
  ids: ScaleTenant;
};

const localDay = (d: Date) =>
  d.toLocaleDateString("sv-SE", { timeZone: process.env.APP_TIME_ZONE || "Europe/Istanbul" });

/**
 * The gateways' partner, outside the app server (in the bench's own process), as in production: the
 * built-in sandbox gateway is served by the app itself, so its half of every withdrawal's hand-over would
 * count as the app's CPU and hold its event loop. It accepts every order (http-partner protocol).
 */
async function startGatewayPartner() {
  const secret = `bench-gateway-${Date.now()}-secret`;
  const partner = await startPartnerSimulator(secret, (call) => ({
    status: 200,
    body: call.path.endsWith("/withdrawals")
      ? { gatewayReference: `SIM-${String(call.body.clientRef)}` }
      : { success: true },
  }));
  return {
    connector: "http-partner",
    config: { baseUrl: partner.url, secret, merchantId: "bench" },
    stop: partner.close,
  };
}

let partner: ReturnType<typeof startGatewayPartner> | undefined;

/** Stops the gateways' partner, whose listening socket would otherwise keep the bench's process alive. */
export async function stopGatewayPartner(): Promise<void> {
  const started = partner;
  partner = undefined;
  if (started) await (await started).stop();
}

export async function setUpTenant(baseUrl: string, label: string): Promise<BenchTenant> {
  const { connector, config } = await (partner ??= startGatewayPartner());
  const connection = { connector, config };
  const tenant = await createTenant({ callbackUrl: `${baseUrl}/api/health` });
  const digits = String(Date.now()).slice(-8);
  const account = await addBankAccount(
    {
      dealerId: tenant.dealer.id,
      bankName: "Bench Bank",
      accountName: "Bench",
      iban: ibanFromBban("TR", `00010000000000${digits}`),
      minAmount: "1",
      maxAmount: "1000000",
    },
    { label },
  );
  const wallet = await addFundedWallet({
    dealerId: tenant.dealer.id,
    iban: ibanFromBban("TR", `00829000000000${digits}`),
    bankName: "Sandbox E-Bank",
    accountName: "Bench",
    balance: "1000000.00",
  });
  const gateway = async (method: "BANK" | "CRYPTO" | "WALLET", extra: object) =>
    (
      await saveGateway(
        undefined,
        {
          method,
          name: `Bench ${method}`,
          code: `bench-${method.toLowerCase()}-${digits}`,
          minAmount: "1",
          maxAmount: "1000000",
          description: "bench",
          isActive: true,
          requiredFields: [],
          supportedCryptoTypes: [],
          ...connection,
          ...extra,
        },
        { label },
      )
    ).id;
  const gateways = {
    bank: await gateway("BANK", { requiredFields: ["iban"] }),
    crypto: await gateway("CRYPTO", {
      requiredFields: ["crypto_type", "wallet_address"],
      supportedCryptoTypes: ["USDT-TRC20"],
    }),
    wallet: await gateway("WALLET", { requiredFields: ["wallet_number"] }),
  };
  const card = await signedRequest(baseUrl, "/api/provider/credit-card/payment", tenant.creds, {
    body: {
      credential_key: tenant.site.credential_key,
      username: "b",
      user_id: "b",
      firstname: "B",
      lastname: "B",
      email: "b@example.com",
      phone: "1",
      amount: 10,
    },
  });
  const now = Date.now();
  return {
    load: {
      provider: tenant.creds,
      credentialKey: tenant.site.credential_key,
      gateways,
      cardTrackingCode: (card.json.data as { tracking_code: string }).tracking_code,
      // The dealer document's longest window: three days, ending today.
      dealer: {
        ...tenant.dealerCreds,
        walletId: wallet.wallet_id,
        startDate: localDay(new Date(now - 3 * 86_400_000)),
        endDate: localDay(new Date(now)),
      },
    },
    ids: {
      providerId: tenant.provider.id,
      siteId: tenant.site.id,
      dealerId: tenant.dealer.id,
      bankAccountId: account.id,
      walletId: wallet.id,
      gatewayIds: gateways,
    },
  };
}
