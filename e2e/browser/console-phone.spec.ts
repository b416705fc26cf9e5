import { startCallbackReceiver } from "../support/callback-receiver";
import { consolePages, setConsoleLanguage } from "../support/console-pages";
import { signIn, workerAdmin } from "../support/console-users";
import { seedConsoleWorld } from "../support/console-world";
import { expect, test } from "../support/browser-test";

for (const lang of ["tr", "en"] as const) {
  test(`every console page fits a 390 px phone without sideways scrolling (${lang})`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const receiver = await startCallbackReceiver();
    try {
      const world = await seedConsoleWorld(baseURL!, receiver.url);
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        baseURL,
      });
      const page = await context.newPage();
      const overflow = async () =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      await signIn(page, await workerAdmin(), null);
      await setConsoleLanguage(context, baseURL!, lang);
      await page.goto("/console/login");
      expect(await overflow(), "/console/login").toBeLessThanOrEqual(0);
      const wide: string[] = [];
      for (const path of await consolePages(world)) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const extra = await overflow();
        if (extra > 0) wide.push(`${path}: ${extra} px too wide`);
        if (path === "/console/transactions" || path === "/console")
          await page.screenshot({ path: `test-results/phone-${lang}${path.replace(/\//g, "-")}.png`, fullPage: true });
      }
      expect(wide).toEqual([]);
      await context.close();
    } finally {
      await receiver.close();
    }
  });
}

test("at 1440 px in Turkish every amount is shown whole (nothing clipped)", async ({ browser, baseURL }) => {
  const receiver = await startCallbackReceiver();
  try {
    await seedConsoleWorld(baseURL!, receiver.url);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL });
    const page = await context.newPage();
    await signIn(page, await workerAdmin(), null);
    await setConsoleLanguage(context, baseURL!, "tr");
    for (const path of ["/console/transactions", "/console/card-payments", "/console/eiban-wallets"]) {
      await page.goto(path);
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("td.tabular-nums")]
          .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
          .map((cell) => cell.textContent),
      );
      expect(clipped, path).toEqual([]);
      await expect(page.locator("main")).toContainText("TL");
    }
    await context.close();
  } finally {
    await receiver.close();
  }
});
