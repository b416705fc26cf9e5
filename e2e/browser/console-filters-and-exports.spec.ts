import { readFileSync } from "node:fs";
import type { Browser } from "@playwright/test";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { expectNoSeriousViolations } from "../support/accessibility";
import { setConsoleLanguage } from "../support/console-pages";
import { consoleUser, signIn, type ConsoleCredentials } from "../support/console-users";
import { createTenant } from "../support/fixtures";
import { insertTransaction } from "../support/transactions";
import { expect, test } from "../support/browser-test";

const WORDS = {
  tr: {
    locale: "tr-TR",
    filters: "İşlemleri filtrele",
    dealer: "Bayi",
    searchDealer: "Bayi listesini daralt",
    from: "Başlangıç",
    calendar: "Başlangıç: takvimden seçin",
    monday: "Pzt",
    moreFilters: "Diğer filtreler",
    filter: "Filtrele",
    excel: "Türkçe Excel için CSV",
    header: "Takip kodu;Oluşturulma;",
    status: "tamamlandı",
  },
  en: {
    locale: "en-GB",
    filters: "Filter transactions",
    dealer: "Dealer",
    searchDealer: "Narrow the dealer list",
    from: "From",
    calendar: "From: choose on a calendar",
    monday: "Mon",
    moreFilters: "More filters",
    filter: "Filter",
    excel: "CSV for Turkish Excel",
    header: "Tracking code;Created;",
    status: "completed",
  },
} as const;
type Lang = keyof typeof WORDS;

async function consolePage(browser: Browser, baseURL: string, creds: ConsoleCredentials, lang: Lang, width: number) {
  const phone = width < 500;
  const context = await browser.newContext({
    viewport: { width, height: phone ? 844 : 900 },
    isMobile: phone,
    hasTouch: phone,
    baseURL,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await signIn(page, creds, null);
  await setConsoleLanguage(context, baseURL, lang);
  return { page, context, close: () => context.close() };
}

test.describe.configure({ timeout: 150_000 });

for (const lang of ["tr", "en"] as const) {
  const w = WORDS[lang];
  for (const width of [390, 1440] as const) {
    test(`a dealer is found by typing its name any way it is spelled, a day comes from a calendar in the console's language, and the list exports for Turkish Excel (${lang}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      // Two dealers at least, so the admin is offered the choice even on a fresh database.
      const [tenant] = await Promise.all([createTenant(), createTenant()]);
      const run = randomCodeGroup(5).toLowerCase();
      await prisma.dealer.update({ where: { id: tenant.dealer.id }, data: { name: `Şahinoğlu Ödeme ${run}` } });
      const tx = await insertTransaction(tenant, { amount: "1234.50", status: "completed", username: `xl${run}` });
      const { page, close } = await consolePage(browser, baseURL!, await consoleUser("admin"), lang, width);
      await page.goto(`/console/transactions?q=xl${run}`);
      if (width === 390) await page.getByText(w.moreFilters, { exact: true }).click();

      // Typed the way a bank statement prints it, the dealer is the one choice left beside "any", and chosen.
      const form = page.getByRole("search", { name: w.filters });
      await form.getByRole("searchbox", { name: w.searchDealer }).fill(`SAHINOGLU ODEME ${run.toUpperCase()}`);
      const dealer = form.getByRole("combobox", { name: w.dealer, exact: true });
      await expect(dealer).toHaveValue(String(tenant.dealer.id));
      await expect(dealer.locator("option")).toHaveCount(2);

      // The calendar speaks the console's language: its month, Monday first, and fills the field in its format.
      await form.getByRole("button", { name: w.calendar }).click();
      const now = new Date();
      const month = new Intl.DateTimeFormat(w.locale, { month: "long", year: "numeric" }).format(now);
      const calendar = page.getByRole("dialog", { name: `${w.from}: ${month}` });
      await expect(calendar).toBeVisible();
      await expect(calendar.getByRole("columnheader").first()).toHaveText(w.monday);
      const box = (await calendar.boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= width, "the month stays on the screen").toBe(true);
      await expectNoSeriousViolations(page, "admin: /console/transactions?q=…, filters with the calendar open");
      const first = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 1));
      await calendar
        .getByRole("button", {
          name: new Intl.DateTimeFormat(w.locale, { dateStyle: "full", timeZone: "UTC" }).format(first),
        })
        .click();
      await expect(calendar).toBeHidden();
      const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-01`;
      const typed = lang === "tr" ? day.split("-").reverse().join(".") : day;
      await expect(form.getByLabel(w.from, { exact: true })).toHaveValue(typed);
      await expectNoSeriousViolations(page, "admin: /console/transactions?q=…, filters filled in");

      await form.getByRole("button", { name: w.filter, exact: true }).click();
      await page.waitForURL(
        (url) =>
          url.searchParams.get("dealerId") === String(tenant.dealer.id) && url.searchParams.get("from") === typed,
      );
      await expect(page.getByTestId("transaction-row")).toHaveCount(1);
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);

      // The Turkish-Excel export of the same view: semicolons, a decimal comma, worded columns and status.
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: w.excel }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/-excel-tr\.csv$/);
      const text = readFileSync((await file.path())!, "utf8");
      expect(text.replace(/^\uFEFF/, "").startsWith(w.header)).toBe(true);
      const line = text.split("\r\n").find((l) => l.startsWith(tx.trackingCode))!;
      expect(line.split(";")).toEqual(expect.arrayContaining([w.status, "1234,50", `Şahinoğlu Ödeme ${run}`]));
      await close();
    });
  }
}

test("without scripts the dealer filter is the plain select and the day a text field: no search box, no calendar, and the form still filters", async ({
  browser,
  baseURL,
}) => {
  const [tenant] = await Promise.all([createTenant(), createTenant()]);
  const run = randomCodeGroup(5).toLowerCase();
  await insertTransaction(tenant, { amount: "10.00", username: `ns${run}` });
  const signedIn = await consolePage(browser, baseURL!, await consoleUser("admin"), "tr", 1440);
  const storageState = await signedIn.context.storageState();
  await signedIn.close();
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    baseURL,
    javaScriptEnabled: false,
    storageState,
  });
  const page = await context.newPage();
  await page.goto(`/console/transactions?q=ns${run}`);
  const form = page.getByRole("search", { name: WORDS.tr.filters });
  await expect(form.getByRole("searchbox")).toHaveCount(0);
  await expect(form.getByRole("button", { name: WORDS.tr.calendar })).toHaveCount(0);
  await form.getByRole("combobox", { name: WORDS.tr.dealer, exact: true }).selectOption(String(tenant.dealer.id));
  await form.getByLabel(WORDS.tr.from, { exact: true }).fill("01.01.2026");
  await form.getByRole("button", { name: WORDS.tr.filter, exact: true }).click();
  await page.waitForURL(
    (url) =>
      url.searchParams.get("dealerId") === String(tenant.dealer.id) && url.searchParams.get("from") === "01.01.2026",
  );
  await expect(page.getByTestId("transaction-row")).toHaveCount(1);
  await context.close();
});
