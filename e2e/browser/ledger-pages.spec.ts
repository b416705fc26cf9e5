import { readFile } from "node:fs/promises";
import type { Browser, Download, Page } from "@playwright/test";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { formatMoney } from "@/lib/base/money/format-money";
import { formatDateTime } from "@/lib/base/time/format";
import { approveDeposit } from "@/lib/domain/approvals/approve-deposit";
import { recordSettlement } from "@/lib/domain/ledger/record-settlement";
import { createSite } from "@/lib/domain/sites/create-site";
import { en } from "@/lib/edge/i18n/console/en";
import { tr } from "@/lib/edge/i18n/console/tr";
import { setConsoleLanguage } from "../support/console-pages";
import { csvRecords } from "../support/console-session";
import { consoleUser, signIn, type ConsoleCredentials } from "../support/console-users";
import { createTenant } from "../support/fixtures";
import { addFeeSchedules } from "../support/ledger";
import { insertTransaction } from "../support/transactions";
import { expect, test } from "../support/browser-test";

const today = () => formatDateTime(new Date()).slice(0, 10);

/**
 * Two tenants with the worked example's fees and a deposit of 1,000.00 each (the dealer owes 979.00 and holds
 * 16.00 of fees), and provider A's site at dealer B with a deposit of 300.00 (another pair of provider A).
 */
async function seedPairs() {
  const [a, b] = [await createTenant(), await createTenant()];
  for (const t of [a, b]) await addFeeSchedules(t.provider.id, new Date(Date.now() - 60_000));
  const shared = await createSite(
    {
      providerId: a.provider.id,
      dealerId: b.dealer.id,
      name: `Shared ${randomCodeGroup(5)}`,
      returnUrl: "https://site.example/back",
    },
    { label: "e2e" },
  );
  for (const [tenant, amount] of [
    [a, "1000.00"],
    [b, "1000.00"],
    [{ provider: a.provider, dealer: b.dealer, site: shared }, "300.00"],
  ] as const) {
    await approveDeposit((await insertTransaction(tenant, { amount })).id, { label: "ops@e2e.test" });
  }
  const name = async (kind: "provider" | "dealer", id: number) =>
    (kind === "provider"
      ? await prisma.provider.findUniqueOrThrow({ where: { id } })
      : await prisma.dealer.findUniqueOrThrow({ where: { id } })
    ).name;
  const names = {
    pA: await name("provider", a.provider.id),
    dA: await name("dealer", a.dealer.id),
    pB: await name("provider", b.provider.id),
    dB: await name("dealer", b.dealer.id),
  };
  return { a, b, names };
}

/** A signed-in phone (390 px, touch) in the given language, downloads allowed. */
async function phone(
  browser: Browser,
  baseURL: string,
  creds: ConsoleCredentials,
  lang: "tr" | "en",
  javaScriptEnabled = true,
) {
  const signing = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    baseURL,
  });
  await signIn(await signing.newPage(), creds);
  const storageState = await signing.storageState();
  await signing.close();
  // Signed in with script (the sign-in form needs it); the pages themselves are used as the test says.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    baseURL,
    acceptDownloads: true,
    javaScriptEnabled,
    storageState,
  });
  await setConsoleLanguage(context, baseURL, lang);
  return { context, page: await context.newPage() };
}

async function expectFitsThePhone(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    page.url(),
  ).toBeLessThanOrEqual(0);
}

async function downloadCsv(
  page: Page,
  linkName: string,
): Promise<{ download: Download; header: string[]; rows: string[][] }> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: linkName }).click();
  const download = await downloading;
  return { download, ...csvRecords(await readFile((await download.path())!, "utf8")) };
}

for (const lang of ["tr", "en"] as const) {
  const t = lang === "tr" ? tr : en;
  const money = (amount: string) => formatMoney(amount, lang);

  test(`an admin on a phone opens Balances and Statements, records a settlement and sees the closing move, and downloads both CSVs (${lang})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { a, names } = await seedPairs();
    const { context, page } = await phone(browser, baseURL!, await consoleUser("admin"), lang);
    await page.goto("/console");
    await page.getByTestId("console-menu").locator("summary").click();
    await page.getByTestId("console-menu").getByRole("link", { name: t.nav.items.balances }).click();
    await expect(page.getByRole("heading", { level: 1, name: t.ledger.balances.heading })).toBeVisible();

    await page.getByLabel(t.common.provider, { exact: true }).selectOption(String(a.provider.id));
    await page.getByRole("button", { name: t.ledger.filters.show }).click();
    await expect(page.getByTestId("balance-row")).toHaveCount(2);
    const own = page.getByTestId("balance-row").filter({ hasText: names.dA });
    await expect(own.getByTestId("balance-owed")).toContainText(money("979.00"));
    await expect(own.getByTestId("balance-service-fees")).toContainText(money("16.00"));
    await expect(own.getByTestId("balance-commission")).toContainText(money("5.00"));
    await expect(page.getByTestId("total-owed")).toContainText(money("1272.00"));
    await expectFitsThePhone(page);
    const balances = await downloadCsv(page, t.ledger.balances.exportCsv);
    expect(balances.download.suggestedFilename()).toMatch(/^balances-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
    expect(balances.rows.map((r) => [r[2], r[4], r[5], r[6], r[7]])).toEqual(
      expect.arrayContaining([[names.pA, names.dA, "979.00", "16.00", "5.00"]]),
    );
    expect(balances.rows).toHaveLength(2);

    await own.getByRole("link", { name: t.ledger.balances.statementOf(names.pA, names.dA) }).click();
    await expect(page.getByRole("heading", { level: 1, name: t.ledger.statements.heading })).toBeVisible();
    await expect(page.getByTestId("statement-closing")).toHaveText(money("979.00"));
    await expect(page.getByTestId("statement-owed")).toHaveText(
      t.ledger.statements.owedByDealer(names.dA, names.pA, money("979.00")),
    );
    await expectFitsThePhone(page);

    // Record 500 paid by dealer A to provider A: the draft, then the confirmation naming the amount and both parties.
    const reference = `E2E-${randomCodeGroup(6)}`;
    await page.getByText(t.ledger.settle.heading, { exact: true }).click();
    await page.getByLabel(t.ledger.settle.amount, { exact: true }).fill(lang === "tr" ? "500,00" : "500.00");
    await page.getByLabel(t.ledger.settle.reference, { exact: true }).fill(reference.toLowerCase());
    await page.getByRole("button", { name: t.ledger.settle.review }).click();
    await expect(page.getByTestId("settlement-review-title")).toHaveText(
      t.ledger.settle.title(money("500.00"), names.dA, names.pA),
    );
    await expect(page.getByTestId("settlement-review")).toContainText(t.ledger.settle.owedAfter(money("479.00")));
    await expectFitsThePhone(page);
    await page.getByRole("button", { name: t.ledger.settle.confirm(money("500.00")) }).click();
    await expect(page.getByRole("status")).toHaveText(t.ledger.settle.recorded(money("500.00"), reference));
    await expect(page.getByTestId("settlement-recorded")).toBeVisible();
    await page.getByRole("link", { name: t.ledger.settle.back }).click();
    await expect(page.getByTestId("statement-settlements")).toHaveText(money("500.00"));
    await expect(page.getByTestId("statement-closing")).toHaveText(money("479.00"));
    await expect(page.getByTestId("settlement-row").filter({ hasText: reference })).toContainText(money("500.00"));
    await expectFitsThePhone(page);

    const statement = await downloadCsv(page, t.ledger.statements.exportCsv);
    expect(statement.download.suggestedFilename()).toMatch(
      new RegExp(`^statement-p${a.provider.id}-d${a.dealer.id}-\\d{4}-\\d{2}-\\d{2}-${today()}\\.csv$`),
    );
    const column = (name: string) => statement.header.indexOf(name);
    const day = statement.rows.find((r) => r[0] === today())!;
    expect([
      day[column("deposits")],
      day[column("settlements")],
      day[column("closing")],
      day[column("owed_by")],
    ]).toEqual(["1000.00", "500.00", "479.00", "dealer"]);
    expect(statement.rows).toHaveLength(7);
    await context.close();
  });

  test(`dealer staff and provider viewers see only their own pairs (${lang}, 390 px)`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const { a, b, names } = await seedPairs();
    await recordSettlement(
      {
        providerId: a.provider.id,
        dealerId: a.dealer.id,
        direction: "TO_PROVIDER",
        amount: "100.00",
        reference: `SEEN-${randomCodeGroup(5)}`,
        paidOn: today(),
      },
      { label: "secret.admin@e2e.test" },
    );

    const dealer = await phone(browser, baseURL!, await consoleUser("dealer", { dealerId: a.dealer.id }), lang);
    await dealer.page.goto("/console/balances");
    await expect(dealer.page.getByTestId("balance-row")).toHaveCount(1);
    await expect(dealer.page.getByTestId("balance-row")).toContainText(names.pA);
    await expect(dealer.page.getByTestId("balance-owed")).toContainText(money("879.00"));
    await expect(dealer.page.locator("main")).not.toContainText(names.pB);
    await expectFitsThePhone(dealer.page);
    expect((await downloadCsv(dealer.page, t.ledger.balances.exportCsv)).rows.map((r) => r[4])).toEqual([names.dA]);
    await dealer.page.goto(`/console/statements?providerId=${b.provider.id}&dealerId=${b.dealer.id}`);
    await expect(dealer.page.getByRole("heading", { level: 1, name: t.missing.notFoundTitle })).toBeVisible();
    await dealer.page.goto(`/console/statements?providerId=${a.provider.id}&dealerId=${a.dealer.id}`);
    await expect(dealer.page.getByTestId("statement-closing")).toHaveText(money("879.00"));
    // Only admins record payments.
    await expect(dealer.page.getByTestId("settlement-form")).toHaveCount(0);
    await dealer.context.close();

    const viewer = await phone(browser, baseURL!, await consoleUser("provider", { providerId: a.provider.id }), lang);
    await viewer.page.goto("/console/balances");
    await expect(viewer.page.getByTestId("balance-row")).toHaveCount(2);
    await expect(viewer.page.locator("main")).not.toContainText(names.pB);
    await viewer.page.goto("/console/statements");
    await viewer.page.getByRole("link", { name: t.ledger.statements.pairHeading(names.pA, names.dA) }).click();
    await expect(viewer.page.getByTestId("settlement-row")).toContainText(t.ledger.settlements.staff);
    await expect(viewer.page.locator("main")).not.toContainText("secret.admin@e2e.test");
    await expect(viewer.page.getByTestId("settlement-form")).toHaveCount(0);
    await expectFitsThePhone(viewer.page);
    await viewer.page.goto(`/console/statements?providerId=${b.provider.id}&dealerId=${b.dealer.id}`);
    await expect(viewer.page.getByRole("heading", { level: 1, name: t.missing.notFoundTitle })).toBeVisible();
    await viewer.context.close();
  });
}

test("without JavaScript an admin drafts, reviews and records a settlement; the review opened again shows it recorded", async ({
  browser,
  baseURL,
}) => {
  const { a, names } = await seedPairs();
  const { context, page } = await phone(browser, baseURL!, await consoleUser("admin"), "en", false);
  await page.goto(`/console/statements?providerId=${a.provider.id}&dealerId=${a.dealer.id}`);
  const reference = `NOJS-${randomCodeGroup(6)}`;
  await page.getByText(en.ledger.settle.heading, { exact: true }).click();
  await page.getByLabel(en.ledger.settle.direction).selectOption("TO_SERVICE");
  await page.getByLabel(en.ledger.settle.amount, { exact: true }).fill("16");
  await page.getByLabel(en.ledger.settle.reference, { exact: true }).fill(reference);
  await page.getByRole("button", { name: en.ledger.settle.review }).click();
  const review = page.url();
  await expect(page.getByTestId("settlement-review-title")).toHaveText(
    en.ledger.settle.title(formatMoney("16.00"), names.dA, en.ledger.settle.serviceOf(names.pA)),
  );
  await page.getByRole("button", { name: en.ledger.settle.confirm(formatMoney("16.00")) }).click();
  await expect(page.getByTestId("settlement-recorded")).toBeVisible();
  // The review opened again (a bookmark, the back button): the payment is shown as recorded, not offered again.
  await page.goto(review);
  await expect(page.getByTestId("settlement-recorded")).toBeVisible();
  await expect(page.getByRole("button", { name: en.ledger.settle.confirm(formatMoney("16.00")) })).toHaveCount(0);
  expect(await prisma.settlement.count({ where: { dealerId: a.dealer.id } })).toBe(1);
  await page.getByRole("link", { name: en.ledger.settle.back }).click();
  await expect(page.getByTestId("statement-service-paid")).toHaveText(
    en.ledger.statements.serviceFeesPaid(formatMoney("16.00")),
  );
  await expect(page.getByTestId("statement-closing")).toHaveText(formatMoney("979.00"));
  await context.close();
});
