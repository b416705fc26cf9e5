import type { Browser } from "@playwright/test";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { expireTransaction } from "@/lib/domain/jobs/expire-transactions";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { expectNoSeriousViolations } from "../support/accessibility";
import { startGatewaySimulator } from "../simulators/http-partner/gateway";
import { createTenant, offerGateways } from "../support/fixtures";
import { cardPayment, manualDeposit, payingTenant } from "../support/payment-page";
import { signedRequest } from "../support/signed-request";
import { expect, test } from "../support/browser-test";

type Lang = "tr" | "en";
const nb = (text: string) => text.replace(/ TL/g, "\u00a0TL");

const W = {
  en: {
    change: "Change amount",
    update: "Update amount",
    check: nb("Change the amount from 1,500.00 TL to 12,345.00 TL?"),
    yes: nb("Yes, change it to 12,345.00 TL"),
    no: nb("No, keep 1,500.00 TL"),
    changed: nb("12,345.00 TL"),
    sent: "I have sent the money",
    pending: "We are checking your transfer",
    details: "Transfer details",
    copyIban: "Copy: IBAN",
    copyAmount: "Copy: Amount",
    copyCode: "Copy: Description to write",
    cancel: "Cancel",
    cancelWarning: "If you already sent the money, do not cancel",
    cancelYes: "Yes, cancel this payment",
    cancelled: "Payment request cancelled",
    noReturn: (site: string) => `To continue, go back to ${site} in the tab or app you came from.`,
    trust: (site: string) => `You are paying ${site}.`,
  },
  tr: {
    change: "Tutarı değiştir",
    update: "Tutarı güncelle",
    check: nb("Tutar 1.500,00 TL yerine 12.345,00 TL olsun mu?"),
    yes: nb("Evet, 12.345,00 TL olsun"),
    no: nb("Hayır, 1.500,00 TL kalsın"),
    changed: nb("12.345,00 TL"),
    sent: "Parayı gönderdim",
    pending: "Havaleniz kontrol ediliyor",
    details: "Havale bilgileri",
    copyIban: "Kopyala: IBAN",
    copyAmount: "Kopyala: Tutar",
    copyCode: "Kopyala: Açıklamaya yazılacak",
    cancel: "İptal",
    cancelWarning: "Parayı gönderdiyseniz iptal etmeyin",
    cancelYes: "Evet, bu ödemeyi iptal et",
    cancelled: "Ödeme talebi iptal edildi",
    noReturn: (site: string) => `Devam etmek için geldiğiniz sekmede ya da uygulamada ${site} sitesine dönün.`,
    trust: (site: string) => `${site} için ödeme yapıyorsunuz.`,
  },
};

const SCREENS = [
  { lang: "tr", width: 390 },
  { lang: "en", width: 390 },
  { lang: "tr", width: 1440 },
  { lang: "en", width: 1440 },
] as const;

function customer(browser: Browser, lang: Lang, width: number, javaScriptEnabled = true) {
  const phone = width < 500;
  return browser.newContext({
    viewport: { width, height: phone ? 844 : 900 },
    isMobile: phone,
    hasTouch: phone,
    locale: lang === "tr" ? "tr-TR" : "en-GB",
    extraHTTPHeaders: { "accept-language": lang === "tr" ? "tr-TR,tr;q=0.9" : "en-GB,en;q=0.9" },
    javaScriptEnabled,
  });
}

/** A tenant whose bank account takes up to 50.000 TL, so a slip to 12.345 TL is a change the range allows. */
async function wideTenant() {
  const tenant = await payingTenant();
  await prisma.bankAccount.updateMany({ where: { dealerId: tenant.dealer.id }, data: { maxAmount: "50000" } });
  const site = await prisma.site.findUniqueOrThrow({ where: { id: tenant.site.id } });
  return { tenant, siteName: site.name };
}

const amountOf = async (id: number) =>
  (await prisma.transaction.findUniqueOrThrow({ where: { id } })).amount.toFixed(2);

for (const { lang, width } of SCREENS) {
  test(`a manual deposit: a large amount change is confirmed with both amounts, the pending page keeps what to copy (${lang}, ${width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const w = W[lang];
    const { tenant, siteName } = await wideTenant();
    const { url, row } = await manualDeposit(baseURL!, tenant, 1500);
    const context = await customer(browser, lang, width);
    const page = await context.newPage();
    await page.goto(url);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByTestId("trust-note")).toContainText(w.trust(siteName));
    await expectNoSeriousViolations(page, "manual deposit page, open");

    // "12,345" is read as twelve thousand: the page asks first, naming both amounts, and saves nothing yet.
    await page.getByLabel(w.change).fill("12,345");
    await page.getByRole("button", { name: w.update }).click();
    const question = page.getByRole("alertdialog", { name: w.check });
    await expect(question).toBeVisible();
    expect(await amountOf(row.id)).toBe("1500.00");
    await expectNoSeriousViolations(page, "manual deposit page, the amount change to confirm");
    await question.getByRole("button", { name: w.no }).click();
    await expect(page.getByLabel(w.change)).toBeVisible();
    expect(await amountOf(row.id)).toBe("1500.00");

    await page.getByLabel(w.change).fill("12,345");
    await page.getByRole("button", { name: w.update }).click();
    await page.getByRole("button", { name: w.yes }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(w.changed);
    expect(await amountOf(row.id)).toBe("12345.00");

    // After "I have sent the money" the IBAN, the amount and the code stay, each with its copy button.
    await page.getByRole("button", { name: w.sent }).click();
    await expect(page.getByRole("status").filter({ hasText: w.pending })).toBeVisible();
    const details = page.getByRole("region", { name: w.details });
    await expect(details).toContainText(row.offeredIban!.slice(0, 4));
    await expect(details).toContainText(w.changed);
    await expect(details).toContainText(row.trackingCode);
    for (const name of [w.copyIban, w.copyAmount, w.copyCode])
      await expect(details.getByRole("button", { name })).toBeVisible();
    await expectNoSeriousViolations(page, "manual deposit page, pending");
    await page.screenshot({ path: `test-results/pay-pending-${lang}-${width}.png`, fullPage: true });
    await context.close();
  });
}

for (const lang of ["tr", "en"] as const) {
  test(`cancel asks in the page, never with confirm(); the final page without a return URL names the way back (${lang})`, async ({
    browser,
    baseURL,
  }) => {
    const w = W[lang];
    const { tenant, siteName } = await wideTenant();
    const { url, row } = await manualDeposit(baseURL!, tenant, 100);
    const context = await customer(browser, lang, 390);
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(url);
    await page.locator("summary", { hasText: w.cancel }).click();
    await expect(page.getByText(w.cancelWarning)).toBeVisible();
    await expectNoSeriousViolations(page, "manual deposit page, the cancellation to confirm");
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("showing");
    await page.getByRole("button", { name: w.cancelYes }).click();
    await expect(page.getByRole("status").filter({ hasText: w.cancelled })).toBeVisible();
    expect(dialogs).toEqual([]);
    await expect(page.getByTestId("no-return")).toContainText(w.noReturn(siteName));
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expectNoSeriousViolations(page, "manual deposit page, cancelled");
    await context.close();
  });

  test(`a gateway that does not answer in time gets a worded, retryable message; Continue again opens the details (${lang})`, async ({
    browser,
    baseURL,
  }) => {
    const secret = "sim-secret-0123456789abcdef";
    // Slow-gateway mode: the first order is answered after 4 s, the service waits 1 s.
    const sim = await startGatewaySimulator({ secret, slowCalls: 1, delayMs: 4000 });
    let gatewayId: number | undefined;
    try {
      const tenant = await createTenant();
      const suffix = randomCodeGroup(6).toLowerCase();
      ({ id: gatewayId } = await saveGateway(
        undefined,
        {
          method: "CRYPTO",
          name: `Slow coins ${suffix}`,
          code: `slow-coins-${suffix}`,
          minAmount: "10",
          maxAmount: "1000000",
          description: "e2e",
          isActive: true,
          requiredFields: ["crypto_type", "wallet_address"],
          supportedCryptoTypes: ["USDT-TRC20"],
          connector: "http-partner",
          config: { baseUrl: sim.url, secret, merchantId: "m-1", timeoutMs: 1000 },
        },
        { label: "e2e" },
      ));
      await offerGateways(tenant.site.id, { id: gatewayId });
      const res = await signedRequest(baseURL!, "/api/provider/third-party/crypto/start-deposit", tenant.creds, {
        middle: [tenant.site.credential_key],
        headers: { "x-credential-key": tenant.site.credential_key },
        body: { user_id: "u-5", username: "deniz", fullname: "Deniz Ak", amount: 1500 },
      });
      const { payment_url: paymentUrl, tracking_code: code } = res.json.data as Record<string, string>;
      const context = await customer(browser, lang, 390);
      const page = await context.newPage();
      await page.goto(paymentUrl!);
      await page
        .getByRole("group", { name: new RegExp(`Slow coins ${suffix}`) })
        .getByRole("radio", { name: "USDT-TRC20" })
        .check();
      const next = lang === "tr" ? "Devam" : "Continue";
      await page.getByRole("button", { name: next }).click();
      const busy = lang === "tr" ? "Sağlayıcı zamanında yanıt vermedi" : "The provider did not answer in time";
      await expect(page.locator("main").getByRole("alert")).toContainText(busy, { timeout: 15_000 });
      await expect(page.locator("body")).not.toContainText("couldn't load");
      expect((await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code! } })).status).toBe("showing");
      await expectNoSeriousViolations(page, "third-party deposit page, the gateway busy");
      await page.getByRole("button", { name: next }).click();
      await expect(page.getByText("TSimu1atedAddre55forTests0000000001").first()).toBeVisible({ timeout: 15_000 });
      expect((await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code! } })).status).toBe("pending");
      expect(sim.calls.filter((c) => c.path.endsWith("/deposits"))).toHaveLength(2);
      await context.close();
    } finally {
      await sim.close();
      // Left active, its closed simulator would be offered to the next tests' customers.
      if (gatewayId) await prisma.gateway.update({ where: { id: gatewayId }, data: { isActive: false } });
    }
  });

  test(`a card payment that failed is told in the page's language, with what to do next; the sandbox acquirer speaks it too (${lang})`, async ({
    browser,
    baseURL,
  }) => {
    const tenant = await createTenant();
    await prisma.site.update({ where: { id: tenant.site.id }, data: { returnUrl: "https://casino.example/wallet" } });
    const pay = () => cardPayment(baseURL!, tenant, { amount: 1250.75 });
    const context = await customer(browser, lang, 1440);
    const page = await context.newPage();

    const open = await pay();
    await page.goto(open.payment_url!);
    await page.getByRole("button", { name: lang === "tr" ? "Kartla öde" : "Pay by card" }).click();
    await expect(page).toHaveURL(/\/sandbox\/acquirer\/pay\//);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      lang === "tr" ? "1.250,75\u00a0TL öde" : "Pay 1,250.75\u00a0TL",
    );
    await expect(page.getByLabel(lang === "tr" ? "Kart numarası" : "Card number")).toBeVisible();
    await expectNoSeriousViolations(page, "sandbox acquirer's card page");

    const timedOut = await pay();
    const row = await prisma.transaction.update({
      where: { trackingCode: timedOut.tracking_code! },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await expireTransaction(prisma, row.id, new Date());
    await page.goto(timedOut.payment_url!);
    const outcome = page.getByRole("status");
    if (lang === "tr") {
      await expect(outcome).toContainText("Ödeme gerçekleşmedi: 15 dakika içinde tamamlanmadı.");
      await expect(outcome).toContainText("Bu deneme için ücret alınmadı.");
    } else {
      await expect(outcome).toContainText("The payment did not go through: it was not completed within 15 minutes.");
      await expect(outcome).toContainText("Nothing was charged for this attempt.");
    }
    if (lang === "tr") await expect(page.locator("main")).not.toContainText("The payment was not completed");
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("link", { name: lang === "tr" ? /sitesine dön$/ : /^Back to / })).toHaveAttribute(
      "href",
      `https://casino.example/wallet?status=failed&tracking_code=${timedOut.tracking_code}`,
    );
    await expectNoSeriousViolations(page, "card payment page, failed");
    await context.close();
  });
}

test("a large amount change is confirmed without JavaScript too", async ({ browser, baseURL }) => {
  const { tenant } = await wideTenant();
  const { url, row } = await manualDeposit(baseURL!, tenant, 1500);
  const context = await customer(browser, "en", 390, false);
  const page = await context.newPage();
  const failures: string[] = [];
  page.on(
    "response",
    (r) => r.request().method() === "POST" && r.status() >= 500 && failures.push(`${r.status()} ${r.url()}`),
  );
  await page.goto(`${url}?lang=en`);
  await page.getByLabel("Change amount").fill("12345");
  await page.getByRole("button", { name: "Update amount" }).click();
  await expect(page.getByRole("alertdialog", { name: W.en.check })).toBeVisible();
  expect(await amountOf(row.id)).toBe("1500.00");
  await page.getByRole("button", { name: W.en.yes }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(W.en.changed);
  expect(await amountOf(row.id)).toBe("12345.00");
  expect(failures).toEqual([]);
  await context.close();
});
