import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { expectNoSeriousViolations } from "../support/accessibility";
import { setConsoleLanguage } from "../support/console-pages";
import { consoleUser, signIn } from "../support/console-users";
import { createTenant } from "../support/fixtures";
import { insertTransaction } from "../support/transactions";
import { expect, test } from "../support/browser-test";

const WORDS = {
  en: { iso: "insufficient funds (51)", copy: (code: string) => `Copy ${code}` },
  tr: { iso: "yetersiz bakiye (51)", copy: (code: string) => `Kopyala: ${code}` },
};

/** Whether a table's own scroll box is wider than what it shows (it would scroll sideways). */
const tableOverflows = (page: import("@playwright/test").Page) =>
  page
    .locator("table")
    .first()
    .evaluate((table) => {
      const box = table.parentElement!;
      return box.scrollWidth > box.clientWidth + 1;
    });

/**
 * Issue 54, point 7: at 1280 px the card payments' codes sit on one line with a copy button, the acquirer's code
 * comes with its meaning (ours, a bank's ISO 8583 code in the console's words, or the acquirer's own words), and
 * neither the card payments nor the E-IBAN wallets table scrolls sideways. Both languages.
 */
for (const lang of ["tr", "en"] as const)
  test(`lists at 1280 px: codes on one line with copy, acquirer codes with their meaning, no sideways tables (${lang})`, async ({
    browser,
    baseURL,
  }) => {
    const w = WORDS[lang];
    const tenant = await createTenant();
    const run = randomCodeGroup(6);
    const card = (status: "success" | "failed", extra: Record<string, string> = {}) =>
      insertTransaction(tenant, {
        method: "CREDIT_CARD",
        direction: "PAYMENT",
        status,
        amount: "149.90",
        fullname: "Ayşe Kaya Yıldırım",
        email: "ayse.kaya.yildirim@example.com",
        orderId: `ORD-${run}${randomCodeGroup(6)}`,
        ...extra,
      });
    const paid = await card("success");
    await card("failed", { errorCode: "51" });
    const left = "The customer left PayTR's payment page or its time ran out";
    await card("failed", { errorCode: "6", errorMessage: left });
    await prisma.eibanWallet.create({
      data: {
        dealerId: tenant.dealer.id,
        walletId: `WLT-${run}`,
        iban: ibanFromBban("TR", `00829${String(Date.now()).slice(-9)}${randomCodeGroup(6).replace(/\D/g, "0")}00`),
        bankName: "Vakıf Katılım Bankası A.Ş.",
        accountName: "Kuzey Ödeme Hizmetleri",
        balance: "1250000.00",
        availableBalance: "1249000.00",
      },
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL });
    const page = await context.newPage();
    await signIn(page, await consoleUser("dealer", { dealerId: tenant.dealer.id }), null);
    await setConsoleLanguage(context, baseURL!, lang);

    await page.goto("/console/card-payments");
    const link = page.getByRole("link", { name: paid.trackingCode });
    const height = (await link.boundingBox())!.height;
    expect(height, "the tracking code on one line").toBeLessThan(24);
    await expect(page.getByRole("button", { name: w.copy(paid.trackingCode) })).toBeVisible();
    await expect(page.getByRole("button", { name: w.copy(paid.orderId!) })).toBeVisible();
    await expect(page.getByText(w.iso, { exact: true })).toBeVisible();
    await expect(page.getByText(`${left} (6)`, { exact: true })).toBeVisible();
    expect(await tableOverflows(page)).toBe(false);
    await expectNoSeriousViolations(page, `/console/card-payments at 1280 px (${lang})`);

    await page.goto("/console/eiban-wallets");
    await expect(page.getByRole("table").getByText(`WLT-${run}`)).toBeVisible();
    expect(await tableOverflows(page)).toBe(false);
    await context.close();
  });

for (const lang of ["tr", "en"] as const)
  test(`on a phone the approvals queue's first item is on the first screen (${lang}, 390 px)`, async ({
    browser,
    baseURL,
  }) => {
    const tenant = await createTenant();
    for (let i = 0; i < 3; i++)
      await insertTransaction(tenant, {
        direction: "WITHDRAWAL",
        amount: `${100 + i}.00`,
        iban: "TR330006100519786457841326",
        recipientName: "Ayşe Kaya",
      });
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      baseURL,
    });
    const page = await context.newPage();
    await signIn(page, await consoleUser("dealer", { dealerId: tenant.dealer.id }), null);
    await setConsoleLanguage(context, baseURL!, lang);
    await page.goto("/console/approvals?tab=withdrawals");
    const first = page.locator("[data-queue-row]").first();
    await expect(first).toBeVisible();
    expect((await first.boundingBox())!.y, "the first item starts on the first screen").toBeLessThan(844);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page, `/console/approvals on a phone (${lang})`);
    await context.close();
  });
