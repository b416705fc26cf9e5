import type { Browser, Page } from "@playwright/test";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { formatIban, ibanFromBban } from "@/lib/base/iban/iban";
import { expectNoSeriousViolations } from "../support/accessibility";
import { setConsoleLanguage } from "../support/console-pages";
import { consoleUser, signIn, workerAdmin, type ConsoleCredentials } from "../support/console-users";
import { addFundedWallet, createTenant } from "../support/fixtures";
import { whenHydrated } from "../support/hydration";
import { insertTransaction } from "../support/transactions";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { expect, test } from "../support/browser-test";
import { note, noteColumns } from "@/lib/base/messages/notes";

const LANGS = ["tr", "en"] as const;
type Lang = (typeof LANGS)[number];
const WIDTHS = [390, 1440] as const;

const WORDS = {
  en: {
    nav: "Console",
    menu: "Menu",
    groups: ["Operations", "Money", "Partners", "Settings"],
    transactions: "Transactions",
    overview: "Overview",
    search: "Tracking code, order id, reference, name or IBAN",
    find: "Find",
    offered: "Offered account",
    changed: (requested: string, now: string) => `the site requested ${requested}, the customer now says ${now}`,
    createdAt: "created at",
    configuration: "configuration",
    empty: "(empty)",
    dealerStaff: "Dealer staff",
    yes: "yes",
    stale: "Bank figure is older than the last movement",
    mismatch: "Mismatch: differs from the bank",
    ago: /^1 h( \d+ min)? ago$/,
    money: (tl: string) => `${tl} TL`,
    moreFilters: "More filters",
    method: "Method",
    tick: (code: string) => `Choose ${code}`,
    decision: "Decision",
    rejectTicked: "Reject ticked",
    apply: "Apply to ticked",
    needReason: "Give a reason (at least 3 characters): the customer and the provider will see it.",
    approved: "Approved with 150.00 TL; the provider is being notified.",
    twoOfThree: "2 of 3 done.",
    from: "From",
    dayPlaceholder: "yyyy-mm-dd",
    typedDay: "2026-11-24",
    paidOut: "Amount paid out",
    notSettled: "not settled",
    taken: "Taken: it is yours to process.",
    cardSearch: "Tracking code, order, customer or email",
    status: "Status",
    failedWord: "failed",
    older: "Older →",
    refund: "Refund…",
    filter: "Filter",
    moreActions: "More actions",
    rotate: "Issue a new webhook secret",
    cryptoTypes: "Crypto types",
    testConnection: "Test connection",
    works: /^Connection works: /,
    bankConnector: "Bank connector",
    connectorConfig: "Connector configuration (JSON)",
  },
  tr: {
    nav: "Konsol",
    menu: "Menü",
    groups: ["Operasyon", "Para", "İş ortakları", "Ayarlar"],
    transactions: "İşlemler",
    overview: "Genel bakış",
    search: "Takip kodu, sipariş no, referans, ad veya IBAN",
    find: "Bul",
    offered: "Gösterilen hesap",
    changed: (requested: string, now: string) => `site ${requested} istedi, müşteri şimdi ${now} diyor`,
    createdAt: "oluşturulma zamanı",
    configuration: "yapılandırma",
    empty: "(boş)",
    dealerStaff: "Bayi personeli",
    yes: "evet",
    stale: "Banka rakamı son hareketten eski",
    mismatch: "Uyuşmazlık: bankadakinden farklı",
    ago: /^1 sa( \d+ dk)? önce$/,
    money: (tl: string) => `${tl} TL`,
    moreFilters: "Diğer filtreler",
    method: "Yöntem",
    tick: (code: string) => `${code} seç`,
    decision: "Karar",
    rejectTicked: "İşaretlileri reddet",
    apply: "İşaretlilere uygula",
    needReason: "Bir neden yazın (en az 3 karakter): müşteri ve sağlayıcı görecek.",
    approved: "150,00 TL ile onaylandı; sağlayıcıya bildiriliyor.",
    twoOfThree: "3 işlemden 2 tanesi yapıldı.",
    from: "Başlangıç",
    dayPlaceholder: "gg.aa.yyyy",
    typedDay: "24.11.2026",
    paidOut: "Ödenen tutar",
    notSettled: "kesinleşmedi",
    taken: "İşleme alındı: işlem artık sizde.",
    cardSearch: "Takip kodu, sipariş, müşteri veya e-posta",
    status: "Durum",
    failedWord: "başarısız",
    older: "Sonraki →",
    refund: "İade et…",
    filter: "Filtrele",
    moreActions: "Diğer işlemler",
    rotate: "Yeni webhook anahtarı oluştur",
    cryptoTypes: "Kripto türleri",
    testConnection: "Bağlantıyı test et",
    works: /^Bağlantı çalışıyor: /,
    bankConnector: "Banka bağlayıcısı",
    connectorConfig: "Bağlayıcı yapılandırması (JSON)",
  },
};

/** A signed-in page at the given width and language; phones get a phone's viewport and touch. */
async function consolePage(browser: Browser, baseURL: string, creds: ConsoleCredentials, lang: Lang, width: number) {
  const phone = width < 500;
  const context = await browser.newContext({
    viewport: { width, height: phone ? 844 : 900 },
    isMobile: phone,
    hasTouch: phone,
    baseURL,
  });
  const page = await context.newPage();
  await signIn(page, creds, null);
  await setConsoleLanguage(context, baseURL, lang);
  return { page, close: () => context.close() };
}

/** The page never scrolls sideways: the whole document is as wide as the viewport at most. */
async function expectNoSidewaysScroll(page: Page, width: number, label: string) {
  expect(
    await page.evaluate(() => document.scrollingElement!.scrollWidth),
    `${label}: document width`,
  ).toBeLessThanOrEqual(width);
}

const unique = () => String(Date.now()).slice(-8);

// Each test walks several pages and runs axe on them; on a shared machine that takes more than a minute.
test.describe.configure({ timeout: 150_000 });

for (const lang of LANGS) {
  const w = WORDS[lang];

  test(`the sections are a grouped sidebar at 1440 px and a menu button at 390 px that opens without JavaScript (${lang})`, async ({
    browser,
    baseURL,
  }) => {
    const admin = await workerAdmin();
    const wide = await consolePage(browser, baseURL!, admin, lang, 1440);
    await wide.page.goto("/console");
    const sidebar = wide.page.getByRole("navigation", { name: w.nav });
    for (const group of w.groups) await expect(sidebar.getByRole("group", { name: group })).toBeVisible();
    // Fifteen sections, the ledger's Balances and Statements, and Reconciliation.
    await expect(sidebar.getByRole("link")).toHaveCount(18);
    // A sidebar: the sections stand in one column at the left, not in a row across the header.
    const boxes = await sidebar
      .getByRole("link")
      .evaluateAll((links) =>
        links.map((l) => l.getBoundingClientRect()).map((r) => ({ x: Math.round(r.x), right: r.right })),
      );
    expect(new Set(boxes.map((b) => b.x)).size).toBe(1);
    expect(Math.max(...boxes.map((b) => b.right))).toBeLessThan(300);
    await expect(wide.page.getByText(w.menu, { exact: true })).toBeHidden();
    await expect(sidebar.getByRole("link", { name: w.overview })).toHaveAttribute("aria-current", "page");
    await expectNoSeriousViolations(wide.page, "admin: /console");
    await wide.close();

    // The sign-in form needs script; the menu must not. Sign in first, then browse with script off.
    const signedIn = await consolePage(browser, baseURL!, admin, lang, 390);
    const storageState = await signedIn.page.context().storageState();
    await signedIn.close();
    const noScript = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      baseURL,
      javaScriptEnabled: false,
      storageState,
    });
    const phone = await noScript.newPage();
    await phone.goto("/console");
    const menu = phone.getByRole("navigation", { name: w.nav });
    await expect(menu.getByRole("link", { name: w.transactions })).toBeHidden();
    await phone.getByText(w.menu, { exact: true }).click();
    for (const group of w.groups) await expect(menu.getByRole("group", { name: group })).toBeVisible();
    await menu.getByRole("link", { name: w.transactions }).click();
    await phone.waitForURL(/\/console\/transactions$/);
    await expect(phone.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(phone, 390, "/console/transactions at 390 px");
    await noScript.close();
    const phoneWithScript = await consolePage(browser, baseURL!, admin, lang, 390);
    await phoneWithScript.page.goto("/console");
    await expectNoSidewaysScroll(phoneWithScript.page, 390, "admin: /console");
    await expectNoSeriousViolations(phoneWithScript.page, "admin: /console");
    await phoneWithScript.close();
  });

  for (const width of WIDTHS) {
    test(`the overview's search finds transactions by code, username, name and IBAN, only in the operator's own dealer (${lang}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const [mine, theirs] = [await createTenant(), await createTenant()];
      const run = randomCodeGroup(5).toLowerCase();
      const iban = ibanFromBban("TR", `0001000${unique()}0000007`);
      const deposit = await insertTransaction(mine, { username: `deniz${run}`, fullname: `Deniz Yıldız${run}` });
      const withdrawal = await insertTransaction(mine, {
        direction: "WITHDRAWAL",
        username: `ece${run}`,
        fullname: `Ece Ak${run}`,
        iban,
        recipientName: "Ece Ak",
      });
      const other = await insertTransaction(theirs, { username: `deniz${run}x`, fullname: `Deniz Yıldız${run}` });
      const { page, close } = await consolePage(
        browser,
        baseURL!,
        await consoleUser("dealer", { dealerId: mine.dealer.id }),
        lang,
        width,
      );
      const found = async () => {
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        return (
          await page
            .getByTestId("transaction-row")
            .evaluateAll((rows) => rows.map((r) => r.querySelector("a")?.textContent ?? ""))
        ).sort();
      };
      // The overview's search box opens the payment a tracking code names; the other terms are asked of the
      // transactions page's search directly (the overview is the console's heaviest page).
      await page.goto("/console");
      await page.getByRole("search").getByLabel(w.search).fill(deposit.trackingCode);
      await page.getByRole("search").getByRole("button", { name: w.find }).click();
      await page.waitForURL(new RegExp(`/console/transactions/${deposit.id}$`));
      const find = async (q: string) => {
        await page.goto(`/console/transactions?${new URLSearchParams({ q })}`);
        return found();
      };
      expect(await find(`deniz${run}`)).toEqual([deposit.trackingCode]);
      expect(await find(`Deniz Yıldız${run}`)).toEqual([deposit.trackingCode]);
      expect(await find(formatIban(iban))).toEqual([withdrawal.trackingCode]);
      // The other dealer's customer of the same name, and its code, stay out of reach.
      expect(await find(other.trackingCode)).toEqual([]);
      await page.goto("/console");
      await expectNoSidewaysScroll(page, width, "/console");
      await expectNoSeriousViolations(page, "dealer: /console");
      await close();
    });

    test(`a delivery's detail with long headers and a one-line body does not scroll sideways (${lang}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const tenant = await createTenant();
      const transaction = await insertTransaction(tenant, { status: "completed" });
      const body = JSON.stringify({
        tracking_code: transaction.trackingCode,
        status: "completed",
        amount: 150,
        note: "x".repeat(400),
      });
      const delivery = await prisma.callbackDelivery.create({
        data: {
          kind: "PROVIDER_DEPOSIT",
          transactionId: transaction.id,
          providerId: tenant.provider.id,
          url: `https://callbacks.example.com/${"very-long-path-segment/".repeat(8)}`,
          trackingCode: transaction.trackingCode,
          status: "completed",
          payload: {},
          state: "EXHAUSTED",
          attemptCount: 1,
        },
      });
      await prisma.callbackAttempt.create({
        data: {
          deliveryId: delivery.id,
          attemptNumber: 1,
          startedAt: new Date(),
          durationMs: 120,
          requestHeaders: {
            "content-type": "application/json",
            "x-hash": "f".repeat(128),
            "x-request-id": `req_${"0123456789abcdef".repeat(6)}`,
          },
          requestBody: body,
          statusCode: 502,
          responseExcerpt: `<html><body>${"Bad-Gateway-".repeat(60)}</body></html>`,
          error: `upstream_error_${"z".repeat(150)}`,
          succeeded: false,
        },
      });
      const { page, close } = await consolePage(browser, baseURL!, await workerAdmin(), lang, width);
      await page.goto(`/console/deliveries/${delivery.id}`);
      await expect(page.locator("pre").first()).toContainText("x-hash");
      await expectNoSidewaysScroll(page, width, `/console/deliveries/${delivery.id}`);
      await expectNoSeriousViolations(page, "admin: /console/deliveries/[id], long headers and a one-line body");
      await close();
    });

    test(`an approval card names the account the deposit offered and that the customer changed the amount (${lang}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const tenant = await createTenant();
      const iban = ibanFromBban("TR", `0006200${unique()}0000003`);
      const deposit = await insertTransaction(tenant, {
        amount: "1250.00",
        offeredIban: iban,
        offeredBankName: "Garanti BBVA",
        offeredAccountName: "Kuzey Ödeme A.Ş.",
      });
      await prisma.transactionEvent.create({
        data: {
          transactionId: deposit.id,
          fromStatus: "showing",
          toStatus: "showing",
          actorType: "CUSTOMER",
          ...noteColumns(note("amountChanged", { previous: "1000.00", amount: "1250.00" })),
        },
      });
      const untouched = await insertTransaction(tenant, {
        amount: "300.00",
        offeredIban: iban,
        offeredBankName: "Garanti BBVA",
        offeredAccountName: "Kuzey Ödeme A.Ş.",
      });
      const { page, close } = await consolePage(
        browser,
        baseURL!,
        await consoleUser("dealer", { dealerId: tenant.dealer.id }),
        lang,
        width,
      );
      await page.goto("/console/approvals");
      const card = page.getByRole("article", { name: deposit.trackingCode });
      await expect(card.getByTestId("offered-account")).toContainText(w.offered);
      await expect(card.getByTestId("offered-account")).toContainText(formatIban(iban));
      await expect(card.getByTestId("offered-account")).toContainText("Garanti BBVA");
      const amounts = lang === "tr" ? ["1.000,00", "1.250,00"] : ["1,000.00", "1,250.00"];
      await expect(card.getByTestId("customer-changed-amount")).toContainText(
        w.changed(w.money(amounts[0]!), w.money(amounts[1]!)),
      );
      const other = page.getByRole("article", { name: untouched.trackingCode });
      await expect(other.getByTestId("offered-account")).toContainText(formatIban(iban));
      await expect(other.getByTestId("customer-changed-amount")).toHaveCount(0);
      await expectNoSidewaysScroll(page, width, "/console/approvals");
      await expectNoSeriousViolations(
        page,
        "dealer: /console/approvals, cards with the offered account and a changed amount",
      );
      await close();
    });

    test(`the audit log shows field labels, Istanbul times in the language's format and words, not raw values (${lang}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const entityId = `round-two-${randomCodeGroup(6)}`;
      await prisma.auditLog.create({
        data: {
          actorLabel: "admin@e2e.test",
          action: "update",
          entityType: "console_user",
          entityId,
          before: { createdAt: "2026-11-24T05:26:21.566Z", config: null, role: "ADMIN", isActive: false },
          after: { createdAt: "2026-11-24T06:00:00.000Z", config: { mode: "live" }, role: "DEALER", isActive: true },
        },
      });
      const { page, close } = await consolePage(browser, baseURL!, await workerAdmin(), lang, width);
      await page.goto(`/console/audit?entityId=${entityId}`);
      const row = page.getByTestId("audit-row");
      await expect(row).toHaveCount(1);
      const changes = row.locator("li");
      const before = lang === "tr" ? "24.11.2026 08:26:21" : "2026-11-24 08:26:21";
      await expect(changes.filter({ hasText: w.createdAt })).toContainText(before);
      await expect(changes.filter({ hasText: w.configuration })).toContainText(w.empty);
      await expect(changes.filter({ hasText: w.dealerStaff })).toHaveCount(1);
      await expect(changes.filter({ hasText: w.yes })).toHaveCount(1);
      const shown = await row.locator("ul").innerText();
      expect(shown).not.toContain("2026-11-24T05:26:21.566Z");
      expect(shown).not.toContain("null");
      expect(shown).not.toMatch(/\bDEALER\b|\bcreatedAt\b/);
      await expectNoSidewaysScroll(page, width, "/console/audit");
      await expectNoSeriousViolations(page, "admin: /console/audit?entityId=…, an entry's changes in words");
      await close();
    });

    test(`an E-IBAN wallet says how old the bank's figure is and calls a difference a mismatch only when the figure is newer than the last movement (${lang}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const tenant = await createTenant();
      const wallet = await addFundedWallet({
        dealerId: tenant.dealer.id,
        iban: ibanFromBban("TR", `0082900${unique()}0000005`),
        balance: "1000.00",
      });
      const row = await prisma.eibanWallet.findUniqueOrThrow({ where: { walletId: wallet.wallet_id } });
      const hourAgo = new Date(Date.now() - 61 * 60_000);
      // The bank was read an hour ago; an ordinary withdrawal has since moved 100 TL out of the ledger.
      await prisma.eibanWallet.update({
        where: { id: row.id },
        data: { bankBalance: "1000.00", reconciledAt: hourAgo, balance: "900.00", availableBalance: "900.00" },
      });
      await prisma.transfer.create({
        data: {
          transferId: `TRF-${randomCodeGroup(8)}`,
          dealerId: tenant.dealer.id,
          walletId: row.id,
          amount: "100.00",
          recipientIban: ibanFromBban("TR", `0001000${unique()}0000009`),
          recipientName: "Ece Ak",
          status: "completed",
          completedAt: new Date(),
        },
      });
      const { page, close } = await consolePage(
        browser,
        baseURL!,
        await consoleUser("dealer", { dealerId: tenant.dealer.id }),
        lang,
        width,
      );
      await page.goto("/console/eiban-wallets");
      const state = page.getByTestId("reconciliation");
      await expect(state).toHaveAttribute("data-state", "stale");
      await expect(state).toContainText(w.stale);
      await expect(state).not.toContainText(w.mismatch);
      await expect(page.getByTestId("bank-figure-age")).toHaveText(w.ago);
      await expectNoSidewaysScroll(page, width, "/console/eiban-wallets");
      await expectNoSeriousViolations(
        page,
        "dealer: /console/eiban-wallets, a bank figure older than the last movement",
      );

      // Read again after the movement and still different: that is a mismatch worth a look.
      await prisma.eibanWallet.update({ where: { id: row.id }, data: { reconciledAt: new Date() } });
      await page.reload();
      await expect(state).toHaveAttribute("data-state", "mismatch");
      await expect(state).toContainText(w.mismatch);
      await close();
    });

    test(`the explorer shows rows as cards with the amount at the right on a phone, and its filters behind a button there (${lang}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const tenant = await createTenant();
      const run = randomCodeGroup(5).toLowerCase();
      for (const [amount, status] of [
        ["9.90", "pending"],
        ["12500.00", "completed"],
        ["350.25", "canceled"],
      ] as const) {
        await insertTransaction(tenant, {
          amount,
          status,
          username: `kart${run}`,
          fullname: `Zeynep Uzunsoyadlıoğlu Karadenizli${run}`,
        });
      }
      const { page, close } = await consolePage(
        browser,
        baseURL!,
        await consoleUser("dealer", { dealerId: tenant.dealer.id }),
        lang,
        width,
      );
      await page.goto(`/console/transactions?q=kart${run}`);
      const rows = page.getByTestId("transaction-row");
      await expect(rows).toHaveCount(3);
      const method = page.getByRole("search").getByLabel(w.method, { exact: true });
      const more = page.getByText(w.moreFilters, { exact: true });
      if (width === 390) {
        // The rows come first: the extra filters wait behind one button, which opens without script.
        await expect(method).toBeHidden();
        const amounts = await page
          .getByTestId("transaction-amount")
          .evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().right)));
        const rowRights = await rows.evaluateAll((r) => r.map((row) => Math.round(row.getBoundingClientRect().right)));
        // Every amount ends at the same right edge, near the card's own.
        expect(new Set(amounts).size).toBe(1);
        expect(rowRights[0]! - amounts[0]!).toBeLessThanOrEqual(16);
        for (let i = 0; i < 3; i++) {
          const card = await rows.nth(i).boundingBox();
          const status = await rows.nth(i).getByTestId("transaction-status").boundingBox();
          const amount = await rows.nth(i).getByTestId("transaction-amount").boundingBox();
          // The status pill sits at the right, under the amount, inside the card.
          expect(status!.x).toBeGreaterThan(card!.x + card!.width / 2);
          expect(status!.y).toBeGreaterThanOrEqual(amount!.y + amount!.height - 1);
          expect(card!.height).toBeLessThan(200);
        }
        await more.click();
        await expect(method).toBeVisible();
      } else {
        await expect(more).toBeHidden();
        await expect(method).toBeVisible();
      }
      await expectNoSidewaysScroll(page, width, "/console/transactions");
      await expectNoSeriousViolations(page, "dealer: /console/transactions, rows as cards, the filters open");
      await close();
    });

    test(`bulk approve decides each ticked deposit on its own and reports each; a bulk reject needs a worded reason (${lang}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const tenant = await createTenant();
      const deposits = [];
      for (let i = 0; i < 3; i++)
        deposits.push(await insertTransaction(tenant, { amount: "150.00", fullname: `Toplu Müşteri ${i}` }));
      const { page, close } = await consolePage(
        browser,
        baseURL!,
        await consoleUser("dealer", { dealerId: tenant.dealer.id }),
        lang,
        width,
      );
      await page.goto("/console/approvals?tab=sent");
      for (const d of deposits) await page.getByRole("checkbox", { name: w.tick(d.trackingCode) }).check();
      // A reject with no reason is refused in the console's words (no browser bubble), and nothing moves.
      await page.getByLabel(w.decision, { exact: true }).selectOption("reject");
      await page.getByRole("button", { name: w.apply }).click();
      await expect(page.getByRole("alert").filter({ hasText: w.needReason })).toBeVisible();
      expect(
        (await prisma.transaction.findMany({ where: { id: { in: deposits.map((d) => d.id) } } })).map((d) => d.status),
      ).toEqual(["pending", "pending", "pending"]);

      // Someone else rejects one while the page is open: its own lifecycle refuses it, the other two complete.
      await page.reload();
      for (const d of deposits) await page.getByRole("checkbox", { name: w.tick(d.trackingCode) }).check();
      await prisma.transaction.update({ where: { id: deposits[1]!.id }, data: { status: "canceled" } });
      await page.getByRole("button", { name: w.apply }).click();
      const items = page.getByTestId("action-items").getByRole("listitem");
      await expect(items).toHaveCount(3);
      await expect(items.nth(0)).toContainText(`${deposits[0]!.trackingCode}: ${w.approved}`);
      await expect(items.nth(1)).toContainText(deposits[1]!.trackingCode);
      await expect(items.nth(1)).not.toContainText(w.approved);
      await expect(items.nth(2)).toContainText(`${deposits[2]!.trackingCode}: ${w.approved}`);
      await expect(page.getByRole("alert").filter({ hasText: w.twoOfThree })).toBeVisible();
      const after = await prisma.transaction.findMany({
        where: { id: { in: deposits.map((d) => d.id) } },
        orderBy: { id: "asc" },
      });
      expect(after.map((d) => d.status)).toEqual(["completed", "canceled", "completed"]);
      expect(
        await prisma.transactionEvent.count({
          where: { transactionId: { in: deposits.map((d) => d.id) }, toStatus: "completed" },
        }),
      ).toBe(2);
      await expectNoSidewaysScroll(page, width, "/console/approvals?tab=sent");
      await expectNoSeriousViolations(page, "dealer: /console/approvals, bulk decisions reported");
      await close();
    });

    test(`days are typed in the console's format, a completed withdrawal shows what was paid, and a takes a withdrawal not yet taken (${lang}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const tenant = await createTenant();
      const paid = await insertTransaction(tenant, {
        direction: "WITHDRAWAL",
        status: "completed",
        amount: "275.00",
        iban: ibanFromBban("TR", `0001000${unique()}0000011`),
        recipientName: "Ayşe Kaya",
      });
      const open = await insertTransaction(tenant, {
        direction: "WITHDRAWAL",
        status: "pending",
        amount: "80.00",
        iban: ibanFromBban("TR", `0001000${unique()}0000012`),
        recipientName: "Ali Veli",
      });
      const { page, close } = await consolePage(
        browser,
        baseURL!,
        await consoleUser("dealer", { dealerId: tenant.dealer.id }),
        lang,
        width,
      );

      await page.goto("/console/transactions");
      if (width === 390) await page.getByText(w.moreFilters, { exact: true }).click();
      const from = page.getByRole("search").getByLabel(w.from, { exact: true });
      await expect(from).toHaveAttribute("type", "text");
      await expect(from).toHaveAttribute("placeholder", w.dayPlaceholder);
      await from.fill(w.typedDay);
      await from.press("Enter");
      await page.waitForURL(/from=/);
      // No "not understood" notice: the typed day was read (the route announcer outside main is not one).
      await expect(page.locator("main").getByRole("alert")).toHaveCount(0);
      // A filter applies, so on a phone the extra filters now start open.
      await expect(page.getByRole("search").getByLabel(w.from, { exact: true })).toHaveValue(w.typedDay);

      await page.goto(`/console/transactions/${paid.id}`);
      const settled = page
        .locator("div")
        .filter({ has: page.locator("dt", { hasText: w.paidOut }) })
        .last();
      await expect(settled.locator("dd")).toHaveText(lang === "tr" ? "275,00 TL" : "275.00 TL");
      await expect(page.getByText(w.notSettled)).toHaveCount(0);
      await expectNoSeriousViolations(page, "dealer: /console/transactions/[id], a completed withdrawal");

      await page.goto("/console/approvals?tab=withdrawals");
      // The queue's keys listen once it has hydrated: a key pressed before that would be lost.
      await whenHydrated(page.locator("[data-queue-row]").first());
      await page.getByRole("article", { name: open.trackingCode }).focus();
      await page.keyboard.press("a");
      await expect(page.getByRole("status").filter({ hasText: w.taken })).toBeVisible();
      await expect
        .poll(async () => (await prisma.transaction.findUniqueOrThrow({ where: { id: open.id } })).status)
        .toBe("processing");
      await close();
    });

    test(`card payments can be searched by order, filtered by status and paged; codes open the transaction and a success offers a refund (${lang}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const tenant = await createTenant();
      const run = randomCodeGroup(6);
      for (let i = 0; i < 50; i++)
        await insertTransaction(tenant, {
          method: "CREDIT_CARD",
          direction: "PAYMENT",
          status: "success",
          amount: "10.00",
          orderId: `BULK-${run}-${i}`,
          createdAt: new Date(Date.now() - (i + 10) * 60_000),
        });
      const paid = await insertTransaction(tenant, {
        method: "CREDIT_CARD",
        direction: "PAYMENT",
        status: "success",
        amount: "99.90",
        orderId: `ORD-${run}-A`,
        email: "ayse@example.com",
      });
      const declined = await insertTransaction(tenant, {
        method: "CREDIT_CARD",
        direction: "PAYMENT",
        status: "failed",
        amount: "45.00",
        orderId: `ORD-${run}-B`,
        errorCode: "CARD_DECLINED",
      });
      const { page, close } = await consolePage(
        browser,
        baseURL!,
        await consoleUser("dealer", { dealerId: tenant.dealer.id }),
        lang,
        width,
      );
      const codes = () =>
        page
          .getByTestId("card-payment-row")
          .evaluateAll((rows) => rows.map((r) => r.querySelector("a")?.textContent ?? ""));

      await page.goto("/console/card-payments");
      await expect(page.getByTestId("card-payment-row")).toHaveCount(50);
      const older = page
        .getByRole("navigation", { name: lang === "tr" ? "Sayfalar" : "Pages" })
        .getByRole("link", { name: w.older });
      await (await whenHydrated(older)).click();
      await page.waitForURL(/page=2/);
      await expect(page.getByTestId("card-payment-row")).toHaveCount(2);

      await page.goto("/console/card-payments");
      await page.getByRole("search").getByLabel(w.cardSearch).fill(`ORD-${run}-A`);
      await page.getByRole("search").getByRole("button", { name: w.filter }).click();
      await page.waitForURL(/q=/);
      expect(await codes()).toEqual([paid.trackingCode]);
      await expect(page.getByTestId("card-payment-row").getByRole("button", { name: w.refund })).toBeVisible();

      await page.goto(`/console/card-payments?q=ORD-${run}`);
      await page.getByRole("search").getByLabel(w.status, { exact: true }).selectOption("failed");
      await page.getByRole("search").getByRole("button", { name: w.filter }).click();
      await page.waitForURL(/status=failed/);
      expect(await codes()).toEqual([declined.trackingCode]);
      await expect(page.getByTestId("card-payment-row").getByRole("button", { name: w.refund })).toHaveCount(0);
      await expectNoSidewaysScroll(page, width, "/console/card-payments");
      await expectNoSeriousViolations(page, "dealer: /console/card-payments, searched and filtered by status");
      await (await whenHydrated(page.getByRole("link", { name: declined.trackingCode }))).click();
      await page.waitForURL(new RegExp(`/console/transactions/${declined.id}$`));
      await close();
    });

    test(`gateways are a list that opens one gateway; its secret rotation waits behind More actions and a bank gateway has no crypto fields (${lang}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const run = randomCodeGroup(6).toLowerCase();
      const bank = await saveGateway(
        undefined,
        {
          method: "BANK",
          name: `Havale ${run}`,
          code: `havale-${run}`,
          minAmount: "10",
          maxAmount: "50000",
          requiredFields: ["iban"],
          supportedCryptoTypes: [],
          description: "",
          isActive: true,
        },
        { label: "e2e" },
      );
      const { page, close } = await consolePage(browser, baseURL!, await workerAdmin(), lang, width);
      await page.goto("/console/gateways");
      // A list: no always-open edit forms, no red buttons on it.
      await expect(page.getByRole("button", { name: w.rotate })).toHaveCount(0);
      await expectNoSidewaysScroll(page, width, "/console/gateways");
      await expectNoSeriousViolations(page, "admin: /console/gateways");
      await page.getByRole("link", { name: `Havale ${run}` }).click();
      await page.waitForURL(new RegExp(`/console/gateways/${bank.id}$`));
      await expect(page.getByLabel(w.cryptoTypes)).toHaveCount(0);
      await expect(page.getByRole("button", { name: w.rotate })).toBeHidden();
      await page.getByText(w.moreActions, { exact: true }).click();
      await expect(page.getByRole("button", { name: w.rotate })).toBeVisible();
      await expectNoSidewaysScroll(page, width, `/console/gateways/${bank.id}`);
      await expectNoSeriousViolations(page, "admin: /console/gateways/[id], More actions open");
      await close();
    });

    test(`an E-IBAN wallet's form offers the bank connector and tests the wallet's connection (${lang}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const tenant = await createTenant();
      const wallet = await addFundedWallet({
        dealerId: tenant.dealer.id,
        iban: ibanFromBban("TR", `0082900${unique()}0000013`),
        balance: "500.00",
      });
      const admin = await consolePage(browser, baseURL!, await workerAdmin(), lang, width);
      await admin.page.goto("/console/eiban-wallets");
      await expect(admin.page.getByLabel(w.bankConnector)).toBeVisible();
      await expect(admin.page.getByLabel(w.connectorConfig)).toBeVisible();
      await admin.close();
      // Dealer staff test their own wallet: the sandbox bank answers through the wallet's connector.
      const { page, close } = await consolePage(
        browser,
        baseURL!,
        await consoleUser("dealer", { dealerId: tenant.dealer.id }),
        lang,
        width,
      );
      await page.goto("/console/eiban-wallets");
      const region = page.getByRole("group", { name: new RegExp(wallet.wallet_id) });
      await region.getByRole("button", { name: w.testConnection }).click();
      await expect(region.getByRole("status")).toHaveText(w.works);
      await expectNoSidewaysScroll(page, width, "/console/eiban-wallets");
      await expectNoSeriousViolations(page, "dealer: /console/eiban-wallets, a connection test answered");
      await close();
    });
  }
}
