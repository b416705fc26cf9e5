import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { setDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { setSiteGateways } from "@/lib/domain/sites/set-site-gateways";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { sandboxStoreKey } from "@/lib/integrations/sandbox/acquirer/sandbox-checkout";
import { customer, expectNoSeriousViolationsWithoutScripts, postFailures } from "../support/customer-browser";
import { createTenant } from "../support/fixtures";
import { cardPayment } from "../support/payment-page";
import { signedRequest } from "../support/signed-request";
import { expect, test } from "../support/browser-test";

/**
 * Issue 40, point 6: the payment pages without JavaScript. "Pay by card" reaches an acquirer on another origin
 * (the page's CSP form-action allows the configured acquirer's origin, and only it) and the customer comes back
 * paid, after a declined first card; the method tabs are links, a crypto gateway's coin is a radio button,
 * copy buttons are not offered, and a page that waits reloads itself (meta refresh) with a "Check again" link.
 */

/** The same server under another origin: "localhost" instead of 127.0.0.1. */
const otherOrigin = (baseURL: string) => baseURL.replace("127.0.0.1", "localhost");

for (const { lang, width } of [
  { lang: "en", width: 390 },
  { lang: "tr", width: 1440 },
] as const) {
  test(`without JavaScript, Pay by card reaches an acquirer on another origin, a declined card is retried, and the customer comes back paid (${lang}, ${width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const acquirer = `${otherOrigin(baseURL!)}/sandbox/acquirer`;
    const tenant = await createTenant();
    await setDealerAcquirer(
      tenant.dealer.id,
      "sandbox-card",
      { merchantId: "Bank On Another Host", storeKey: sandboxStoreKey(), endpoint: acquirer },
      { label: "e2e" },
    );
    const { payment_url: url, tracking_code: code } = await cardPayment(baseURL!, tenant);
    const context = await customer(browser, lang, width, false);
    const page = await context.newPage();
    const failures = postFailures(page);
    try {
      const first = await page.goto(url!);
      // The configured acquirer's origin (and the site's, where a cancel returns), nothing else.
      const formAction = /form-action ([^;]+)/.exec(first!.headers()["content-security-policy"] ?? "")?.[1]?.split(" ");
      expect(formAction).toEqual(["'self'", new URL(acquirer).origin, "https://site.example"]);
      await expectNoSeriousViolationsWithoutScripts(page, "card payment page, open");

      const t =
        lang === "tr"
          ? {
              pay: "Kartla öde",
              again: "Başka bir kartla dene",
              n: "Kart numarası",
              e: "Son kullanma (AA/YY)",
              c: "Güvenlik kodu",
              s: "Öde",
              otp: "Telefonunuza gönderilen tek kullanımlık kod",
              v: "Doğrula",
              ok: "Ödeme başarılı",
            }
          : {
              pay: "Pay by card",
              again: "Try another card",
              n: "Card number",
              e: "Expiry (MM/YY)",
              c: "Security code",
              s: "Pay",
              otp: "One-time code sent to your phone",
              v: "Verify",
              ok: "Payment successful",
            };
      await page.getByRole("button", { name: t.pay }).click();
      await expect(page).toHaveURL(new RegExp(`^${acquirer}/pay/cs_`));
      await page.getByLabel(t.n).fill("4000000000009995");
      await page.getByLabel(t.e).fill("12/34");
      await page.getByLabel(t.c).fill("123");
      await page.getByRole("button", { name: t.s, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`^${baseURL}/pay/`));
      await page.getByRole("button", { name: t.again }).click();
      await expect(page).toHaveURL(new RegExp(`^${acquirer}/pay/cs_`));
      await page.getByLabel(t.n).fill("4242424242424242");
      await page.getByLabel(t.e).fill("12/34");
      await page.getByLabel(t.c).fill("123");
      await page.getByRole("button", { name: t.s, exact: true }).click();
      await page.getByLabel(t.otp).fill("123456");
      await page.getByRole("button", { name: t.v }).click();
      await expect(page.getByRole("status").filter({ hasText: t.ok })).toBeVisible();
      expect((await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code } })).status).toBe("success");
      expect(failures).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

for (const lang of ["en", "tr"] as const) {
  test(`without JavaScript the method tabs are links, the coin is a radio button, no copy buttons, and the waiting page reloads itself (${lang})`, async ({
    browser,
    baseURL,
  }) => {
    const tenant = await createTenant();
    const suffix = randomCodeGroup(6).toLowerCase();
    const bank = await saveGateway(
      undefined,
      {
        method: "BANK",
        name: `Havale ${suffix}`,
        code: `nojs3-bank-${suffix}`,
        minAmount: "10",
        maxAmount: "1000000",
        description: "Bank.",
        descriptionTr: "Banka.",
        isActive: true,
        requiredFields: ["iban", "account_holder"],
        supportedCryptoTypes: [],
      },
      { label: "e2e" },
    );
    const coins = await saveGateway(
      undefined,
      {
        method: "CRYPTO",
        name: `Coins ${suffix}`,
        code: `nojs3-coins-${suffix}`,
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
    await setSiteGateways(tenant.site.id, [bank.id, coins.id], { label: "e2e" });
    const res = await signedRequest(baseURL!, "/api/provider/third-party/bank/start-deposit", tenant.creds, {
      middle: [tenant.site.credential_key],
      headers: { "x-credential-key": tenant.site.credential_key },
      body: { user_id: "u-5", username: "deniz", fullname: "Deniz Ak", amount: 3425 },
    });
    const { payment_url: url, tracking_code: code } = res.json.data as Record<string, string>;
    const context = await customer(browser, lang, 390, false);
    const page = await context.newPage();
    const failures = postFailures(page);
    try {
      await page.goto(url!);
      await expect(page.getByRole("radio", { name: new RegExp(`Havale ${suffix}`) })).toBeChecked();
      await page.getByRole("link", { name: lang === "tr" ? "Kripto" : "Crypto" }).click();
      await expect(page).toHaveURL(/kind=crypto/);
      const group = page.getByRole("group", { name: new RegExp(`Coins ${suffix}`) });
      await group.getByRole("radio", { name: "BTC" }).check();
      await expectNoSeriousViolationsWithoutScripts(page, "third-party deposit page, the gateway choice");
      await page.getByRole("button", { name: lang === "tr" ? "Devam" : "Continue" }).click();
      const row = await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code } });
      expect(row).toMatchObject({
        status: "pending",
        gatewayId: coins.id,
        method: "TP_CRYPTO",
        accountDetails: expect.objectContaining({ crypto_type: "BTC" }),
      });
      await expect(page.getByRole("button", { name: /Copy|Kopyala/ })).toHaveCount(0);
      await expect(
        page.getByRole("link", { name: lang === "tr" ? "Yeniden kontrol et" : "Check again" }),
      ).toBeVisible();
      await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(1);
      await expectNoSeriousViolationsWithoutScripts(page, "crypto deposit page, the coin's details");

      // The gateway confirms elsewhere: the page reloads itself and shows the outcome, with no script and no click.
      const control = await browser.newPage();
      await control.goto(`${baseURL}/sandbox/gateways`);
      await control.getByRole("listitem", { name: code }).getByRole("button", { name: "Confirm payment" }).click();
      await expect(control.getByRole("status")).toContainText("the service was notified");
      await control.close();
      await expect(
        page.getByRole("status").filter({ hasText: lang === "tr" ? "Ödeme alındı" : "Payment received" }),
      ).toBeVisible({ timeout: 25_000 });
      expect(failures).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

test("without JavaScript a card payment is cancelled back to a site on another origin", async ({
  browser,
  baseURL,
}) => {
  const tenant = await createTenant();
  const back = `${otherOrigin(baseURL!)}/sandbox/return`;
  await prisma.site.update({ where: { id: tenant.site.id }, data: { returnUrl: back } });
  const { payment_url: url, tracking_code: code } = await cardPayment(baseURL!, tenant);
  const context = await customer(browser, "en", 390, false);
  const page = await context.newPage();
  try {
    await page.goto(url!);
    await page.locator("summary", { hasText: "Cancel payment" }).click();
    await page.getByRole("button", { name: "Yes, cancel this payment" }).click();
    await expect(page).toHaveURL(`${back}?status=cancelled&tracking_code=${code}`);
    await expect(page.getByTestId("return-status")).toHaveText("cancelled");
  } finally {
    await context.close();
  }
});
