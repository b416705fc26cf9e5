import { setConsoleLanguage } from "../support/console-pages";
import { consoleUser, signIn } from "../support/console-users";
import { createTenant } from "../support/fixtures";
import { phone } from "../support/payment-page";
import { expect, test } from "../support/browser-test";

const WORDS = {
  en: {
    pay: "Payment page not found",
    payNext: "Go back to the site you came from",
    notFound: "Page not found",
    forbidden: "No access",
    role: "Your role (Dealer staff) cannot open this page.",
    back: "Back to the overview",
  },
  tr: {
    pay: "Ödeme sayfası bulunamadı",
    payNext: "Geldiğiniz siteye dönüp",
    notFound: "Sayfa bulunamadı",
    forbidden: "Erişim yok",
    role: "Rolünüz (Bayi personeli) bu sayfayı açamaz.",
    back: "Genel bakışa dön",
  },
};

for (const lang of ["tr", "en"] as const) {
  test(`payment pages and the console have their own not-found and no-access pages (${lang})`, async ({
    browser,
    baseURL,
  }) => {
    const w = WORDS[lang];
    const customer = await (await phone(browser, lang)).newPage();
    for (const path of ["/pay/not-a-real-token-at-all-0000", "/pay/abc", "/pay/not-a-real-token-at-all-0000/extra"]) {
      const response = await customer.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(customer.getByRole("heading", { level: 1 })).toHaveText(w.pay);
      await expect(customer.getByRole("status")).toContainText(w.payNext);
      await expect(customer.locator("div[lang]")).toHaveAttribute("lang", lang);
    }

    const tenant = await createTenant();
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signIn(page, await consoleUser("dealer", { dealerId: tenant.dealer.id }));
    await setConsoleLanguage(context, baseURL!, lang);
    for (const path of ["/console/transactions/999999", "/console/no-such-page"]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(w.notFound);
      await expect(page.getByRole("link", { name: w.back })).toHaveAttribute("href", "/console");
    }
    expect((await page.goto("/console/users"))?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(w.forbidden);
    await expect(page.getByText(w.role)).toBeVisible();
    await page.getByRole("link", { name: w.back }).click();
    await expect(page).toHaveURL(/\/console$/);
    await context.close();
  });
}
