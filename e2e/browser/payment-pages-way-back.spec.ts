import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { setSiteGateways } from "@/lib/domain/sites/set-site-gateways";
import { expectNoSeriousViolations } from "../support/accessibility";
import { customer, SCREENS } from "../support/customer-browser";
import { manualDeposit, payingTenant } from "../support/payment-page";
import { signedRequest } from "../support/signed-request";
import { expect, test } from "../support/browser-test";

/**
 * Issue 40, points 2 to 5: the way back to the site (with the outcome), the deadline as a clock time with a
 * warning and no amount change when little time is left, the countdown after "Continue", the crypto rate in
 * the page's number format, one code on a gateway's bank details, and the site's name, company and logo.
 */

const W = {
  en: {
    operated: "Operated by Demo Eğlence A.Ş.",
    logo: (site: string) => `${site} logo`,
    lowTime: "Only a few minutes left",
    change: "Change amount",
    locked: "Too little time is left to change the amount.",
    cancel: "Cancel",
    cancelYes: "Yes, cancel this payment",
    crypto: "Crypto",
    cont: "Continue",
    // The sandbox's quote (20 minutes) ends before the payment (30): the countdown is the rate's until then.
    rate: /^1 USDT = 34\.25\u00a0TL$/,
    rateHeld: "Rate held for",
    rateLapsed: /^1 USDT = 34\.25\u00a0TL · no longer held/,
    network: "Send only USDT on the TRC20 network to this address",
    coins: "100.00 USDT",
    payWithin: "Time left to pay",
    cancelPayment: "Cancel payment",
  },
  tr: {
    operated: "İşleten: Demo Eğlence A.Ş.",
    logo: (site: string) => `${site} logosu`,
    lowTime: "Birkaç dakika kaldı",
    change: "Tutarı değiştir",
    locked: "Tutarı değiştirmek için yeterli süre kalmadı.",
    cancel: "İptal",
    cancelYes: "Evet, bu ödemeyi iptal et",
    crypto: "Kripto",
    cont: "Devam",
    rate: /^1 USDT = 34,25\u00a0TL$/,
    rateHeld: "Kurun geçerli olduğu süre",
    rateLapsed: /^1 USDT = 34,25\u00a0TL · artık sabit değil/,
    network: "Bu adrese yalnızca TRC20 ağında USDT gönderin",
    coins: "100,00 USDT",
    payWithin: "Ödeme için kalan süre",
    cancelPayment: "Ödemeyi iptal et",
  },
};

/** The site's logo on the site's own host: another origin than the payment page's. */
async function logoHost(): Promise<{ url: string; close: () => Promise<void> }> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="32"><rect width="80" height="32" fill="#0a7"/></svg>';
  const server: Server = createServer((_req, res) => res.writeHead(200, { "content-type": "image/svg+xml" }).end(svg));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // "localhost" is another origin than the page's 127.0.0.1.
  return { url: `http://localhost:${port}/logo.svg`, close: () => new Promise((r) => server.close(() => r())) };
}

for (const { lang, width } of SCREENS) {
  test(`a bank transfer: the site's logo and company, a clock-time deadline, no amount change near the end, a cancel that goes back to the site (${lang}, ${width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const w = W[lang];
    const logo = await logoHost();
    const context = await customer(browser, lang, width);
    try {
      const tenant = await payingTenant(`${baseURL}/sandbox/return?from=pay`);
      const site = await prisma.site.update({
        where: { id: tenant.site.id },
        data: { legalName: "Demo Eğlence A.Ş.", logoUrl: logo.url },
      });
      const { url, row } = await manualDeposit(baseURL!, tenant, 500);
      const page = await context.newPage();
      await page.goto(url);
      await expect(page.getByRole("img", { name: w.logo(site.name) })).toBeVisible();
      expect(
        await page.getByRole("img", { name: w.logo(site.name) }).evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      await expect(page.getByTestId("trust-note")).toContainText(w.operated);
      // The company's "A.Ş." ends the sentence: no second full stop after it.
      await expect(page.getByTestId("trust-note")).not.toContainText("A.Ş..");
      await expect(page.getByLabel(w.change)).toBeVisible();
      await expect(page.getByTestId("low-time")).toHaveCount(0);
      await expectNoSeriousViolations(page, "manual deposit page, open, with the site's logo");

      // Two minutes left: a warning, and no amount change any more (a new amount needs time for a new transfer).
      await prisma.transaction.update({
        where: { id: row.id },
        data: { expiresAt: new Date(Date.now() + 2 * 60_000) },
      });
      await page.reload();
      await expect(page.getByRole("alert").filter({ hasText: w.lowTime })).toBeVisible();
      await expect(page.getByLabel(w.change)).toHaveCount(0);
      await expect(page.getByText(w.locked)).toBeVisible();
      await expectNoSeriousViolations(page, "manual deposit page, little time left");

      await page.locator("summary", { hasText: w.cancel }).click();
      await page.getByRole("button", { name: w.cancelYes }).click();
      await page.waitForURL(/\/sandbox\/return\?/);
      const landed = new URL(page.url());
      expect(Object.fromEntries(landed.searchParams)).toEqual({
        from: "pay",
        status: "canceled",
        tracking_code: row.trackingCode,
      });
      await expect(page.getByTestId("return-tracking-code")).toHaveText(row.trackingCode);
    } finally {
      await context.close();
      await logo.close();
    }
  });

  test(`a crypto deposit: the countdown stays after Continue, the rate and its validity in the page's number format; the choice can be cancelled (${lang}, ${width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const w = W[lang];
    const context = await customer(browser, lang, width);
    try {
      const tenant = await payingTenant(`${baseURL}/sandbox/return`);
      const suffix = randomCodeGroup(6).toLowerCase();
      const coins = await saveGateway(
        undefined,
        {
          method: "CRYPTO",
          name: `Coins ${suffix}`,
          code: `r3-coins-${suffix}`,
          minAmount: "10",
          maxAmount: "1000000",
          description: "Stablecoins.",
          descriptionTr: "Sabit coinler.",
          isActive: true,
          requiredFields: ["crypto_type", "wallet_address"],
          supportedCryptoTypes: ["USDT-TRC20", "BTC"],
        },
        { label: "e2e" },
      );
      await setSiteGateways(tenant.site.id, [coins.id], { label: "e2e" });
      const start = () =>
        signedRequest(baseURL!, "/api/provider/third-party/crypto/start-deposit", tenant.creds, {
          middle: [tenant.site.credential_key],
          headers: { "x-credential-key": tenant.site.credential_key },
          body: { user_id: "u-5", username: "deniz", fullname: "Deniz Ak", amount: 3425 },
        });
      const { payment_url: url } = (await start()).json.data as Record<string, string>;
      const page = await context.newPage();
      await page.goto(url!);
      await page
        .getByRole("group", { name: new RegExp(`Coins ${suffix}`) })
        .getByRole("radio", { name: "USDT-TRC20" })
        .check();
      await page.getByRole("button", { name: w.cont }).click();
      const details = page.getByRole("region", { name: w.crypto });
      await expect(details).toContainText(w.coins);
      await expect(details.getByText(w.rate)).toBeVisible();
      await expect(details.getByRole("note")).toContainText(w.network);
      // One deadline at a time: the rate's while the gateway holds it, then the payment's.
      await expect(page.getByText(w.rateHeld)).toBeVisible();
      await expect(page.getByText(w.payWithin)).toHaveCount(0);
      await expect(page.getByTestId("deadline")).toHaveCount(1);
      await expectNoSeriousViolations(page, "crypto deposit page, the coin's details");
      await page.screenshot({ path: `test-results/crypto-rate-${lang}-${width}.png`, fullPage: true });
      const row = await prisma.transaction.findUniqueOrThrow({
        where: { paymentToken: new URL(url!).pathname.split("/").pop()! },
      });
      const issued = row.gatewayDetails as Record<string, unknown>;
      await prisma.transaction.update({
        where: { id: row.id },
        data: { gatewayDetails: { ...issued, quoteValidUntil: new Date(Date.now() - 1000).toISOString() } },
      });
      await page.reload();
      await expect(page.getByText(w.payWithin)).toBeVisible();
      await expect(page.getByText(w.rateHeld)).toHaveCount(0);
      await expect(page.getByTestId("deadline")).toHaveCount(1);
      await expect(details.getByText(w.rateLapsed)).toBeVisible();

      const { payment_url: other, tracking_code: code } = (await start()).json.data as Record<string, string>;
      await page.goto(other!);
      await page.locator("summary", { hasText: w.cancelPayment }).click();
      await expectNoSeriousViolations(page, "third-party deposit page, the gateway choice with the cancellation open");
      await page.getByRole("button", { name: w.cancelYes }).click();
      await page.waitForURL(/\/sandbox\/return\?/);
      expect(new URL(page.url()).searchParams.get("tracking_code")).toBe(code);
      expect((await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code } })).status).toBe("canceled");
    } finally {
      await context.close();
    }
  });
}

for (const lang of ["tr", "en"] as const) {
  test(`a gateway's bank details show one code, the one to write (${lang})`, async ({ browser, baseURL }) => {
    const context = await customer(browser, lang, 390);
    try {
      const tenant = await payingTenant(`${baseURL}/sandbox/return`);
      const suffix = randomCodeGroup(6).toLowerCase();
      const bank = await saveGateway(
        undefined,
        {
          method: "BANK",
          name: `Havale ${suffix}`,
          code: `r3-bank-${suffix}`,
          minAmount: "10",
          maxAmount: "1000000",
          description: "Bank transfer.",
          descriptionTr: "Havale.",
          isActive: true,
          requiredFields: ["iban", "account_holder"],
          supportedCryptoTypes: [],
        },
        { label: "e2e" },
      );
      await setSiteGateways(tenant.site.id, [bank.id], { label: "e2e" });
      const res = await signedRequest(baseURL!, "/api/provider/third-party/bank/start-deposit", tenant.creds, {
        middle: [tenant.site.credential_key],
        headers: { "x-credential-key": tenant.site.credential_key },
        body: { user_id: "u-5", username: "deniz", fullname: "Deniz Ak", amount: 700 },
      });
      const { payment_url: url, tracking_code: code } = res.json.data as Record<string, string>;
      const page = await context.newPage();
      await page.goto(url!);
      await page.getByRole("button", { name: lang === "tr" ? "Devam" : "Continue" }).click();
      // The click returns before the gateway has answered: wait until its reference is recorded.
      const reference = () =>
        prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code } }).then((r) => r.gatewayReference);
      await expect.poll(reference, { timeout: 15_000 }).not.toBeNull();
      await expect(page.getByText((await reference())!).first()).toBeVisible();
      await expect(page.locator("main")).not.toContainText(code!);
      await expectNoSeriousViolations(page, "third-party deposit page, the gateway's bank details");
    } finally {
      await context.close();
    }
  });
}
