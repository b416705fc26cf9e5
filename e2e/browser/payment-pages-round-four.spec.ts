import { randomCodeGroup, randomKey } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { setSiteGateways } from "@/lib/domain/sites/set-site-gateways";
import { expectNoSeriousViolations } from "../support/accessibility";
import { customer } from "../support/customer-browser";
import { payingTenant } from "../support/payment-page";
import { signedRequest } from "../support/signed-request";
import { insertTransaction } from "../support/transactions";
import { expect, test } from "../support/browser-test";

const W = {
  en: {
    cont: "Continue",
    openWallet: (wallet: string) => `Open your ${wallet} app and send the amount below to this wallet number`,
    backTo: (site: string) => `Back to ${site}`,
  },
  tr: {
    cont: "Devam",
    openWallet: (wallet: string) => `${wallet} uygulamanızı açın ve aşağıdaki tutarı bu cüzdan numarasına`,
    backTo: (site: string) => `${site} sitesine dön`,
  },
};

/**
 * Issue 54, point 9, on the customer's side: a wallet gateway's page names the wallet app to open; the way back to a
 * site with a long name wraps with room to breathe instead of squeezing. On a phone and at 1280 px, in both languages.
 */
for (const lang of ["tr", "en"] as const)
  for (const width of [390, 1280] as const) {
    test(`a wallet deposit names the wallet app to open (${lang}, ${width} px)`, async ({ browser, baseURL }) => {
      const w = W[lang];
      const context = await customer(browser, lang, width);
      try {
        const tenant = await payingTenant(`${baseURL}/sandbox/return`);
        const suffix = randomCodeGroup(6).toLowerCase();
        const wallet = await saveGateway(
          undefined,
          {
            method: "WALLET",
            name: `Cüzdan ${suffix}`,
            code: `r4-wallet-${suffix}`,
            minAmount: "10",
            maxAmount: "100000",
            description: "A wallet.",
            descriptionTr: "Bir cüzdan.",
            isActive: true,
            requiredFields: [],
            supportedCryptoTypes: [],
          },
          { label: "e2e" },
        );
        await setSiteGateways(tenant.site.id, [wallet.id], { label: "e2e" });
        const res = await signedRequest(baseURL!, "/api/provider/third-party/wallet/start-deposit", tenant.creds, {
          middle: [tenant.site.credential_key],
          headers: { "x-credential-key": tenant.site.credential_key },
          body: { user_id: "u-9", username: "ece", fullname: "Ece Kaya", amount: 250 },
        });
        expect(res.status, JSON.stringify(res.json)).toBe(200);
        const { payment_url: url } = res.json.data as Record<string, string>;
        const page = await context.newPage();
        await page.goto(url!);
        await page.getByRole("radio", { name: new RegExp(`Cüzdan ${suffix}`) }).check();
        await page.getByRole("button", { name: w.cont }).click();
        await expect(page.getByText(w.openWallet(`Cüzdan ${suffix}`))).toBeVisible();
        await expectNoSeriousViolations(page, `wallet deposit page, the wallet's details (${lang}, ${width} px)`);
      } finally {
        await context.close();
      }
    });

    test(`the way back to a site with a long name wraps with room (${lang}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const w = W[lang];
      const context = await customer(browser, lang, width);
      try {
        const tenant = await payingTenant(`${baseURL}/sandbox/return`);
        const name = `Çok Uzun Adlı Şans ve Eğlence Oyunları Platformu ${randomCodeGroup(4)} Türkiye Şubesi`;
        await prisma.site.update({ where: { id: tenant.site.id }, data: { name } });
        const token = randomKey("", 24);
        await insertTransaction(tenant, { status: "completed", paymentToken: token, amount: "150.00" });
        const page = await context.newPage();
        await page.goto(`${baseURL}/pay/${token}?lang=${lang}`);
        const back = page.getByRole("link", { name: w.backTo(name) });
        await expect(back).toBeVisible();
        const box = await back.evaluate((a) => {
          const style = getComputedStyle(a);
          return { paddingTop: parseFloat(style.paddingTop), overflows: a.scrollWidth > a.clientWidth };
        });
        expect(box.paddingTop).toBeGreaterThanOrEqual(12);
        expect(box.overflows).toBe(false);
        expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);
      } finally {
        await context.close();
      }
    });
  }
