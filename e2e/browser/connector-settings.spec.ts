import { prisma } from "@/lib/base/db/prisma";
import { expectNoSeriousViolations } from "../support/accessibility";
import { consolePageAt } from "../support/console-pages";
import { workerAdmin } from "../support/console-users";
import { createTenant } from "../support/fixtures";
import { expect, test } from "../support/browser-test";

const WORDS = {
  en: {
    use: "Use Garanti BBVA virtual POS (common payment page)",
    inUse: "Use Sandbox acquirer (test cards, 3-D Secure) (in use)",
    mode: "Mode (the bank's test or live host) (optional)",
    half: "Accept half 3-D Secure",
    timeout: "Time limit per call (milliseconds) (optional)",
    merchant: "Merchant ID",
    terminal: "Terminal ID",
    user: "Provision user",
    password: "Password",
    storeKey: "Store key (3-D Secure)",
    refundPassword: "Refund user's password",
    gateway: "Payment page address (3-D) (optional)",
    api: "API address (optional)",
    save: "Save the acquirer",
    saved: "The card acquirer is saved.",
    terminalError: /^Terminal ID must be the 8-digit terminal number/,
    test: "Test connection",
    unreachable:
      "The connection does not work: Garanti BBVA virtual POS (common payment page) could not be reached at " +
      "pos.invalid:443: the host name was not found (check the address).",
  },
  tr: {
    use: "Garanti BBVA sanal POS (ortak ödeme sayfası) kullan",
    inUse: "Sandbox kart işlemcisi (test kartları, 3-D Secure) kullan (kullanımda)",
    mode: "Mod (bankanın test veya canlı sunucusu) (isteğe bağlı)",
    half: "Yarım 3-D Secure kabul edilsin",
    timeout: "Çağrı başına süre sınırı (milisaniye) (isteğe bağlı)",
    merchant: "Üye işyeri numarası",
    terminal: "Terminal numarası",
    user: "Provizyon kullanıcısı",
    password: "Parola",
    storeKey: "Mağaza anahtarı (3-D Secure)",
    refundPassword: "İade kullanıcısının parolası",
    gateway: "Ödeme sayfası adresi (3-D) (isteğe bağlı)",
    api: "API adresi (isteğe bağlı)",
    save: "İşlemciyi kaydet",
    saved: "Kart işlemcisi kaydedildi.",
    terminalError: /^Terminal numarası beklenen biçimde olmalı/,
    test: "Bağlantıyı test et",
    unreachable:
      "Bağlantı çalışmıyor: Garanti BBVA sanal POS (ortak ödeme sayfası) adresine ulaşılamadı (pos.invalid:443): " +
      "sunucu adı bulunamadı (adresi kontrol edin).",
  },
};

/**
 * A connector's settings as an admin fills them in (issue 54, point 5): true/false is a switch and TEST/PROD a list,
 * from the connector's schema; a refused key is said on its own field, by the label it is shown under, and the caret
 * goes there; the connector in use is marked; a test that reaches nobody says so in the console's language. On a
 * phone and at 1280 px, in both languages, clean under axe.
 */
for (const lang of ["tr", "en"] as const)
  for (const width of [390, 1280] as const)
    test(`connector settings: typed inputs, errors on their fields, an unreachable bank said plainly (${lang}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const w = WORDS[lang];
      const tenant = await createTenant();
      const { page, close } = await consolePageAt(browser, baseURL!, await workerAdmin(), lang, width);
      await page.goto(`/console/dealers/${tenant.dealer.id}`);
      await expect(page.getByText(w.inUse, { exact: true })).toBeVisible();

      await page.getByLabel(w.use, { exact: true }).click();
      const form = page
        .locator("form")
        .filter({ has: page.getByRole("button", { name: w.save }) })
        .filter({
          has: page.getByLabel(w.terminal, { exact: true }),
        });
      await expect(form.getByRole("combobox", { name: w.mode })).toBeVisible();
      await expect(form.getByRole("switch", { name: w.half })).not.toBeChecked();
      await expect(form.getByRole("spinbutton", { name: w.timeout })).toBeVisible();
      await form.getByLabel(w.merchant, { exact: true }).fill("7000679");
      await form.getByLabel(w.terminal, { exact: true }).fill("x");
      await form.getByLabel(w.user, { exact: true }).fill("PROVOOS");
      await form.getByLabel(w.password, { exact: true }).fill("123qweASD/");
      await form.getByLabel(w.storeKey, { exact: true }).fill("12345678");
      await form.getByLabel(w.refundPassword, { exact: true }).fill("123qweASD/");
      await form.getByLabel(w.gateway, { exact: true }).fill("https://pos.invalid/servlet/gt3dengine");
      await form.getByLabel(w.api, { exact: true }).fill("https://pos.invalid/VPServlet");
      await form.getByRole("combobox", { name: w.mode }).selectOption("TEST");
      await form.getByRole("switch", { name: w.half }).check();
      await form.getByRole("button", { name: w.save }).click();

      // The refusal is on the field, named by its label, and the caret is there.
      const terminal = form.getByLabel(w.terminal, { exact: true });
      await expect(terminal).toHaveAttribute("aria-invalid", "true");
      await expect(terminal).toHaveAccessibleDescription(w.terminalError);
      await expect(terminal).toBeFocused();
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoSeriousViolations(page, `/console/dealers/[id] with a refused field (${lang}, ${width} px)`);

      await terminal.fill("30691297");
      await form.getByRole("button", { name: w.save }).click();
      await expect(form.getByRole("status")).toHaveText(w.saved);
      const stored = await prisma.dealerAcquirer.findUniqueOrThrow({ where: { dealerId: tenant.dealer.id } });
      expect(stored.connector).toBe("garanti");
      expect((stored.config as { values: Record<string, unknown> }).values).toMatchObject({
        mode: "TEST",
        acceptHalf3D: true,
      });

      await page.reload();
      await page.getByRole("button", { name: w.test }).click();
      await expect(page.getByRole("alert").filter({ hasText: w.unreachable })).toBeVisible({ timeout: 30_000 });
      await close();
    });
