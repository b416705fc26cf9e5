import { rejectDeposit } from "@/lib/domain/approvals/reject-deposit";
import { prisma } from "@/lib/base/db/prisma";
import { manualDeposit, payingTenant, phone } from "../support/payment-page";
import { approveWithFourEyes } from "../support/transactions";
import { expect, test } from "../support/browser-test";

const STAFF = { label: "ops@e2e.test" };
const nbsp = (text: string) => text.replace(/ TL/g, "\u00a0TL");

const WORDS = {
  en: {
    heading: "1,500.00 TL",
    change: "Change amount",
    update: "Update amount",
    typed: "1750.50",
    changed: "1,750.50 TL",
    badAmount: "Enter an amount between 10.00 TL and 5,000.00 TL, for example 1.750,50 or 1750.50.",
    sent: "I have sent the money",
    pending: "We are checking your transfer",
    rejected: "Payment not confirmed",
    reason: "Reason given:",
    reference: "Reference code",
    back: (site: string) => `Back to ${site}`,
    contact: "If you did send the money, contact",
    other: "Payment received, for a different amount",
    requested: "Requested",
    credited: "Credited",
    expired: "This payment request has expired",
    cancelled: "Payment request cancelled",
  },
  tr: {
    heading: "1.500,00 TL",
    change: "Tutarı değiştir",
    update: "Tutarı güncelle",
    typed: "1.750,50",
    changed: "1.750,50 TL",
    badAmount: "10,00 TL ile 5.000,00 TL arasında bir tutar girin, örneğin 1.750,50 ya da 1750.50.",
    sent: "Parayı gönderdim",
    pending: "Havaleniz kontrol ediliyor",
    rejected: "Ödeme onaylanmadı",
    reason: "Belirtilen neden:",
    reference: "Referans kodu",
    back: (site: string) => `${site} sitesine dön`,
    contact: "Parayı gerçekten gönderdiyseniz",
    other: "Ödeme alındı, farklı bir tutarla",
    requested: "Talep edilen",
    credited: "Hesaba geçen",
    expired: "Bu ödeme talebinin süresi doldu",
    cancelled: "Ödeme talebi iptal edildi",
  },
};

for (const lang of ["tr", "en"] as const) {
  test(`a tap shows its result at once, with one amount everywhere, typed and shown the customer's way (${lang})`, async ({
    browser,
    baseURL,
  }) => {
    const w = WORDS[lang];
    const tenant = await payingTenant();
    const { url, row } = await manualDeposit(baseURL!, tenant, 1500);
    const context = await phone(browser, lang);
    const page = await context.newPage();
    await page.goto(url);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toContainText(nbsp(w.heading));

    await page.getByLabel(w.change).fill("3");
    await page.getByRole("button", { name: w.update }).click();
    await expect(page.locator("main").getByRole("alert")).toHaveText(nbsp(w.badAmount));
    await page.getByLabel(w.change).fill(w.typed);
    await page.getByRole("button", { name: w.update }).click();
    // The heading and the transfer details change together, straight from the action's answer.
    await expect(heading).toContainText(nbsp(w.changed));
    await expect(page.getByRole("region").filter({ hasText: "IBAN" })).toContainText(nbsp(w.changed));
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: row.id } })).amount.toFixed(2)).toBe("1750.50");

    // "I have sent the money": the new state shows without waiting for the next status poll.
    const polls: string[] = [];
    page.on("request", (r) => r.url().includes("/api/pay/") && polls.push(r.url()));
    await page.getByRole("button", { name: w.sent }).click();
    await expect(page.getByRole("status").filter({ hasText: w.pending })).toBeVisible({ timeout: 2500 });
    expect(polls).toEqual([]);
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("pending");
    await context.close();
  });

  test(`final pages say what happened, why, the code to quote, what to do, and lead back to the site (${lang})`, async ({
    browser,
    baseURL,
  }) => {
    const w = WORDS[lang];
    const returnUrl = "https://casino.example/wallet";
    const tenant = await payingTenant(returnUrl);
    const siteName = (await prisma.site.findUniqueOrThrow({ where: { id: tenant.site.id } })).name;
    const context = await phone(browser, lang);
    const page = await context.newPage();

    const rejected = await manualDeposit(baseURL!, tenant, 1500);
    await rejectDeposit(rejected.row.id, STAFF, "no transfer arrived in 24 hours");
    await page.goto(rejected.url);
    const outcome = page.getByRole("status");
    await expect(outcome).toContainText(w.rejected);
    await expect(outcome).toContainText(`${w.reason} no transfer arrived in 24 hours`);
    await expect(outcome).toContainText(w.contact);
    await expect(page.getByRole("region", { name: w.reference })).toContainText(rejected.row.trackingCode);
    // The site is told the API's status: a deposit rejected by staff is "canceled" (the contract has no "rejected" deposit).
    await expect(page.getByRole("link", { name: w.back(siteName) })).toHaveAttribute(
      "href",
      `${returnUrl}?status=canceled&tracking_code=${rejected.row.trackingCode}`,
    );
    await page.screenshot({ path: `test-results/pay-rejected-${lang}.png`, fullPage: true });

    const partial = await manualDeposit(baseURL!, tenant, 1500);
    await approveWithFourEyes(partial.row.id, STAFF, "1450.00", "1.450 TL arrived");
    await page.goto(partial.url);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("1");
    await expect(outcome).toContainText(w.other);
    await expect(outcome).toContainText(`${w.requested}${nbsp(w.heading)}`);
    await expect(outcome).toContainText(`${w.credited}${nbsp(lang === "tr" ? "1.450,00 TL" : "1,450.00 TL")}`);
    await expect(outcome).toContainText("1.450 TL arrived");

    const expired = await manualDeposit(baseURL!, tenant, 100);
    await prisma.transaction.update({
      where: { id: expired.row.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await page.goto(expired.url);
    await expect(outcome).toContainText(w.expired);
    await expect(page.getByRole("link", { name: w.back(siteName) })).toHaveAttribute(
      "href",
      `${returnUrl}?status=expired&tracking_code=${expired.row.trackingCode}`,
    );

    // A customer who cancels is not told that no money was taken: only they know whether they sent some. (On a
    // site with a return URL the cancel goes straight back there: this one has none, so our page says it.)
    const cancelled = await manualDeposit(baseURL!, await payingTenant(), 100);
    await page.goto(cancelled.url);
    await page.locator("summary", { hasText: lang === "tr" ? "İptal" : "Cancel" }).click();
    await page
      .getByRole("button", { name: lang === "tr" ? "Evet, bu ödemeyi iptal et" : "Yes, cancel this payment" })
      .click();
    await expect(outcome).toContainText(w.cancelled);
    await expect(page.locator("main")).not.toContainText(lang === "tr" ? "para çekilmedi" : "No money was taken");
    await context.close();
  });
}
