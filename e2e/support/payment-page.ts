import type { Browser } from "@playwright/test";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { setSiteGateways } from "@/lib/domain/sites/set-site-gateways";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { createTenant } from "./fixtures";
import { signedRequest } from "./signed-request";

/** A tenant whose dealer has one bank account taking 10 to 5000, and a site that returns to `returnUrl` (null: a site made before return URLs were required). */
export async function payingTenant(returnUrl: string | null = null) {
  const tenant = await createTenant({ returnUrl: null });
  await addBankAccount(
    {
      dealerId: tenant.dealer.id,
      bankName: "Ziraat Bankası",
      accountName: "Demo Ödeme A.Ş.",
      iban: ibanFromBban("TR", `0001000${String(Date.now()).slice(-8)}0000009`),
      minAmount: "10",
      maxAmount: "5000",
    },
    { label: "e2e" },
  );
  if (returnUrl) await prisma.site.update({ where: { id: tenant.site.id }, data: { returnUrl } });
  return tenant;
}

/** A manual deposit made through the provider API, as the customer's link and its row. */
export async function manualDeposit(
  baseURL: string,
  tenant: Awaited<ReturnType<typeof payingTenant>>,
  amount: number,
  fullname = "Zeynep Kaya",
) {
  const created = await signedRequest(baseURL, "/api/provider/start-manual-deposit", tenant.creds, {
    middle: [tenant.site.credential_key],
    headers: { "x-credential-key": tenant.site.credential_key },
    body: { fullname, username: "zeynep", user_id: "u-1", amount },
  });
  const { payment_url: url, tracking_code: code } = created.json.data as Record<string, string>;
  return { url: url!, row: await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code! } }) };
}

/** A customer's phone in the given language (the page follows Accept-Language). */
export function phone(browser: Browser, lang: "en" | "tr", options: { javaScriptEnabled?: boolean } = {}) {
  const accept = lang === "tr" ? "tr-TR,tr;q=0.9" : "en-GB,en;q=0.9";
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: lang === "tr" ? "tr-TR" : "en-GB",
    extraHTTPHeaders: { "accept-language": accept },
    ...options,
  });
}

/** A card payment made through the provider API for Ayşe Kaya: the response's data (payment_url, tracking_code, ...). */
export async function cardPayment(
  baseURL: string,
  tenant: Awaited<ReturnType<typeof createTenant>>,
  extra: { amount?: number; description?: string } = {},
) {
  const res = await signedRequest(baseURL, "/api/provider/credit-card/payment", tenant.creds, {
    body: {
      credential_key: tenant.site.credential_key,
      username: "ayse",
      user_id: "u-1",
      firstname: "Ayşe",
      lastname: "Kaya",
      email: "ayse@example.com",
      phone: "+905551112233",
      amount: extra.amount ?? 180,
      ...(extra.description ? { description: extra.description } : {}),
    },
  });
  return res.json.data as Record<string, string>;
}

/** A crypto gateway taking 10 to 1,000,000 in USDT-TRC20 and BTC, offered on the site. */
export async function cryptoGatewayOn(siteId: number, name: string, code: string) {
  const coins = await saveGateway(
    undefined,
    {
      method: "CRYPTO",
      name,
      code,
      minAmount: "10",
      maxAmount: "1000000",
      description: "Coins.",
      descriptionTr: "Coinler.",
      isActive: true,
      requiredFields: ["crypto_type", "wallet_address"],
      supportedCryptoTypes: ["USDT-TRC20", "BTC"],
    },
    { label: "e2e" },
  );
  await setSiteGateways(siteId, [coins.id], { label: "e2e" });
  return coins;
}
