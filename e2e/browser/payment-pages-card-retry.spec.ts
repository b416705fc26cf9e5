import type { Page } from "@playwright/test";
import { prisma } from "@/lib/base/db/prisma";
import { startCallbackReceiver } from "../support/callback-receiver";
import { setConsoleLanguage } from "../support/console-pages";
import { signIn, workerAdmin } from "../support/console-users";
import { expectNoSeriousViolations } from "../support/accessibility";
import { customer, SCREENS, type Lang } from "../support/customer-browser";
import { createTenant } from "../support/fixtures";
import { cardPayment } from "../support/payment-page";
import { expect, test } from "../support/browser-test";

/**
 * Issue 40, points 1, 3 and 5 on a card payment: a declined card is retried on the same payment ("Try another
 * card"), the page says until when (clock time) and what is being paid, to whom and with which cards, the
 * provider hears once, and the console lists the attempts.
 */

const W = {
  en: {
    pay: "Pay by card",
    again: "Try another card",
    declined: "Your card was declined",
    number: "Card number",
    expiry: "Expiry (MM/YY)",
    cvc: "Security code",
    submit: "Pay",
    otp: "One-time code sent to your phone",
    verify: "Verify",
    success: "Payment successful",
    until: /^until \d\d:\d\d$/,
    paymentFor: "Payment for",
    statement: (dealer: string) => `Your card statement will show the charge as ${dealer}.`,
    cards: "Cards accepted",
    back: (site: string) => `Back to ${site}`,
    title: (site: string) => `Payment · ${site}`,
  },
  tr: {
    pay: "Kartla öde",
    again: "Başka bir kartla dene",
    declined: "Kartınız reddedildi",
    number: "Kart numarası",
    expiry: "Son kullanma (AA/YY)",
    cvc: "Güvenlik kodu",
    submit: "Öde",
    otp: "Telefonunuza gönderilen tek kullanımlık kod",
    verify: "Doğrula",
    success: "Ödeme başarılı",
    until: /^saat \d\d:\d\d'(e|a|ye|ya) kadar$/,
    paymentFor: "Ödeme konusu",
    statement: (dealer: string) => `Kart ekstrenizde bu harcama ${dealer} adıyla görünür.`,
    cards: "Geçerli kartlar",
    back: (site: string) => `${site} sitesine dön`,
    title: (site: string) => `Ödeme · ${site}`,
  },
};

async function enterCard(page: Page, lang: Lang, number: string) {
  const w = W[lang];
  await expect(page).toHaveURL(/\/sandbox\/acquirer\/pay\//);
  await page.getByLabel(w.number).fill(number);
  await page.getByLabel(w.expiry).fill("12/34");
  await page.getByLabel(w.cvc).fill("123");
  await page.getByRole("button", { name: w.submit, exact: true }).click();
}

for (const { lang, width } of SCREENS) {
  test(`a declined card is retried on the same payment; one callback; the page says until when, for what and to whom (${lang}, ${width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const w = W[lang];
    const receiver = await startCallbackReceiver();
    const context = await customer(browser, lang, width);
    try {
      const tenant = await createTenant({ callbackUrl: receiver.url });
      const { payment_url: url, tracking_code: code } = await cardPayment(baseURL!, tenant, {
        amount: 249.9,
        description: "Premium üyelik (1 ay)",
      });
      const [site, dealer] = await Promise.all([
        prisma.site.findUniqueOrThrow({ where: { id: tenant.site.id } }),
        prisma.dealer.findUniqueOrThrow({ where: { id: tenant.dealer.id } }),
      ]);
      const page = await context.newPage();
      await page.goto(url!);
      await expect(page).toHaveTitle(w.title(site.name));
      await expect(page.getByTestId("deadline")).toHaveText(w.until);
      await expect(page.getByRole("region", { name: w.paymentFor })).toContainText("Premium üyelik (1 ay)");
      await expect(page.getByRole("list", { name: w.cards }).getByRole("img")).toHaveCount(4);
      await expect(page.getByTestId("statement-name")).toHaveText(w.statement(dealer.name));
      // Served over plain http here: the page does not claim a secure connection.
      await expect(page.getByTestId("trust-note")).not.toContainText(lang === "tr" ? "güvenli" : "secure");
      await expectNoSeriousViolations(page, "card payment page, open");

      await page.getByRole("button", { name: w.pay }).click();
      await enterCard(page, lang, "4000000000009995");
      await expect(page.getByRole("status").filter({ hasText: w.declined })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId("countdown")).toBeVisible();
      await expectNoSeriousViolations(page, "card payment page, declined, another card offered");
      expect((await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code } })).status).toBe("pending");

      await page.getByRole("button", { name: w.again }).click();
      await enterCard(page, lang, "4242424242424242");
      await page.getByLabel(w.otp).fill("123456");
      await page.getByRole("button", { name: w.verify }).click();
      await expect(page.getByRole("status").filter({ hasText: w.success })).toBeVisible({ timeout: 15_000 });
      const back = page.getByRole("link", { name: w.back(site.name) });
      await expect(back).toHaveAttribute("href", `https://site.example/back?status=success&tracking_code=${code}`);
      await expectNoSeriousViolations(page, "card payment page, paid on the second card");
      await page.screenshot({ path: `test-results/card-retry-${lang}-${width}.png`, fullPage: true });

      const attempts = await prisma.cardAttempt.findMany({
        where: { transaction: { trackingCode: code } },
        orderBy: { number: "asc" },
      });
      expect(attempts.map((a) => a.status)).toEqual(["declined", "approved"]);
      const callbacks = await receiver.forTrackingCode(code!);
      expect(callbacks.map((c) => c.body.status)).toEqual(["success"]);
    } finally {
      await context.close();
      await receiver.close();
    }
  });
}

for (const { lang, width } of [
  { lang: "en", width: 1440 },
  { lang: "tr", width: 390 },
] as const) {
  test(`the console's transaction page lists a card payment's attempts (${lang}, ${width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const tenant = await createTenant();
    const { tracking_code: code, order_id: orderId } = await cardPayment(baseURL!, tenant, { amount: 100 });
    const payment = await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code } });
    await prisma.cardAttempt.createMany({
      data: [
        {
          transactionId: payment.id,
          number: 1,
          orderId: orderId!,
          status: "declined",
          errorCode: "INSUFFICIENT_FUNDS",
          errorMessage: "Insufficient funds",
          decidedAt: new Date(),
        },
        { transactionId: payment.id, number: 2, orderId: `${orderId}-2` },
      ],
    });
    const context = await browser.newContext({ viewport: { width, height: 900 }, isMobile: width < 500, baseURL });
    const page = await context.newPage();
    await signIn(page, await workerAdmin(), null);
    await setConsoleLanguage(context, baseURL!, lang);
    await page.goto(`/console/transactions/${payment.id}`);
    const table = page.getByRole("table", { name: lang === "tr" ? "Kart denemeleri" : "Card attempts" });
    await expect(table).toContainText(orderId!);
    await expect(table).toContainText(`${orderId}-2`);
    await expect(table).toContainText(lang === "tr" ? "yetersiz bakiye" : "insufficient funds");
    await expect(table).toContainText(lang === "tr" ? "henüz yanıt yok" : "no answer yet");
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page, "admin: /console/transactions/[id], a card payment's attempts");
    await context.close();
  });
}
