import { prisma } from "@/lib/base/db/prisma";
import { setConsoleLanguage } from "../support/console-pages";
import { consoleUser, signIn } from "../support/console-users";
import { createTenant } from "../support/fixtures";
import { insertTransaction } from "../support/transactions";
import { expect, test } from "../support/browser-test";

const WORDS = {
  en: {
    tab: "Customer says sent",
    open: "Deposit page open",
    range: "1–20 of 25, oldest first",
    range2: "21–25 of 25, oldest first",
    next: "Newer →",
    waiting: "waiting 2 h 5 min",
    min: "Min amount",
    filter: "Filter",
    filtered: "1–5 of 5, oldest first",
    search: "Search",
    reason: "Reason (the customer and the provider see it)",
    rejected: "Rejected; the provider is being notified.",
  },
  tr: {
    tab: "Müşteri gönderdiğini bildirdi",
    open: "Yatırım sayfası açık",
    range: "25 işlemden 1–20, en eski önce",
    range2: "25 işlemden 21–25, en eski önce",
    next: "Daha yeni →",
    waiting: "2 sa 5 dk bekliyor",
    min: "En düşük tutar",
    filter: "Filtrele",
    filtered: "5 işlemden 1–5, en eski önce",
    search: "Ara",
    reason: "Neden (müşteri ve sağlayıcı görür)",
    rejected: "Reddedildi; sağlayıcıya bildiriliyor.",
  },
};

for (const lang of ["tr", "en"] as const) {
  test(`approvals is a work queue: tabs, oldest first with the wait, filters, 20 a page, keyboard moves (${lang})`, async ({
    page,
    context,
    baseURL,
  }) => {
    const w = WORDS[lang];
    const tenant = await createTenant();
    const now = Date.now();
    // 25 customers say they sent money, the oldest 2 h 5 min ago; 5 of them sent 1.000 TL or more.
    const sent = [];
    for (let i = 0; i < 25; i++) {
      sent.push(
        await insertTransaction(tenant, {
          fullname: `Müşteri ${i + 1}`,
          amount: i % 5 === 0 ? "1250.00" : "100.00",
          createdAt: new Date(now - (125 - i) * 60_000),
        }),
      );
    }
    await insertTransaction(tenant, { status: "showing", amount: "50.00" });
    await signIn(page, await consoleUser("dealer", { dealerId: tenant.dealer.id }), null);
    await setConsoleLanguage(context, baseURL!, lang);

    await page.goto("/console/approvals");
    const tabs = page.getByRole("navigation").filter({ has: page.getByRole("link", { name: new RegExp(w.open) }) });
    await expect(tabs.getByRole("link", { name: new RegExp(`^${w.tab}`) })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: new RegExp(`^${w.tab}`) })).toContainText("25");
    await expect(page.getByTestId("queue-range")).toHaveText(w.range);
    const rows = page.locator("[data-queue-row]");
    await expect(rows).toHaveCount(20);
    await expect(rows.first()).toHaveAttribute("aria-label", sent[0]!.trackingCode);
    await expect(rows.first().getByTestId("queue-age")).toHaveText(w.waiting);
    await page.getByRole("link", { name: w.next }).click();
    await expect(page.getByTestId("queue-range")).toHaveText(w.range2);
    await expect(rows).toHaveCount(5);

    // Filters: Turkish amounts as typed ("1.000,00"), the tab kept.
    await page.goto("/console/approvals?tab=sent");
    await page.getByLabel(w.min).fill(lang === "tr" ? "1.000,00" : "1,000.00");
    await page.getByRole("button", { name: w.filter }).click();
    await expect(page.getByTestId("queue-range")).toHaveText(w.filtered);
    await expect(page).toHaveURL(/tab=sent/);

    // Keyboard: j moves to the next row, r opens its rejection, Enter confirms with the reason typed.
    await page.goto("/console/approvals?tab=sent");
    // The keys work once the queue has hydrated; one pressed before that is lost on a busy machine. Nothing
    // focused, j goes to the first row: pressed again (after a blur) until it does.
    await expect(async () => {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.locator("body").press("j");
      await expect(rows.first()).toBeFocused({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await page.keyboard.press("j");
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press("r");
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel(w.reason)).toBeFocused();
    await page.keyboard.type("no money arrived");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: w.rejected })).toBeVisible();
    const second = await prisma.transaction.findUniqueOrThrow({ where: { id: sent[1]!.id } });
    expect([second.status, second.outcomeReason]).toEqual(["canceled", "no money arrived"]);
  });
}
