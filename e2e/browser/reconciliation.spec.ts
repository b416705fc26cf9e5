import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { prisma } from "@/lib/base/db/prisma";
import { expectNoSeriousViolations } from "../support/accessibility";
import { setConsoleLanguage } from "../support/console-pages";
import { csvRecords } from "../support/console-session";
import { consoleUser, signIn, type ConsoleCredentials } from "../support/console-users";
import { alertOf, seedReconciledDealer, SEEDED_PARTNER } from "../support/reconciliation";
import { expect, test } from "../support/browser-test";

const NBSP = "\u00a0";

/** A signed-in context at a width, in a language, with or without scripts. */
async function consoleAt(
  browser: Browser,
  baseURL: string,
  creds: ConsoleCredentials,
  o: { lang: "en" | "tr"; phone?: boolean; scripts?: boolean },
) {
  const context = await browser.newContext({
    baseURL,
    acceptDownloads: true,
    javaScriptEnabled: o.scripts ?? true,
    ...(o.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
  });
  await setConsoleLanguage(context, baseURL, o.lang);
  const page = await context.newPage();
  // Adds the session cookie only: the sign-in form is tested elsewhere and needs no page here.
  await signIn(page, creds, null);
  return { context, page };
}

async function expectNoSidewaysScroll(page: Page) {
  const extra = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(extra, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

async function download(page: Page, name: string, separator: "," | ";") {
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name, exact: true }).click();
  const file = await downloading;
  return csvRecords(await readFile((await file.path())!, "utf8"), separator);
}

test("an admin filters the days and discrepancies, downloads both CSVs, explains one, and a second admin confirms accepting the partner's refund", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const seed = await seedReconciledDealer();
  const [adminA, adminB] = [await consoleUser("admin"), await consoleUser("admin")];
  const { context, page } = await consoleAt(browser, baseURL!, adminA, { lang: "en" });
  await page.goto(`/console/reconciliation?dealerId=${seed.dealer.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reconciliation");
  await expect(page.locator("aside").getByRole("link", { name: "Reconciliation", exact: true })).toBeVisible();

  // Days by partner: the reconciled day with its figures, the failed one "not reconciled" with the partner's error.
  const days = page.getByTestId("recon-run");
  await expect(days).toHaveCount(2);
  await expect(days.nth(0)).toContainText("Reconciled");
  await expect(days.nth(0)).toContainText(seed.dealer.name);
  await expect(days.nth(0)).toContainText(SEEDED_PARTNER);
  await expect(days.nth(0).getByTestId("recon-matched-amount")).toHaveText("12,345.60");
  await expect(days.nth(1)).toContainText("Not reconciled");
  await expect(days.nth(1)).toContainText("the sandbox acquirer answered 503 to the list");
  const list = page.getByTestId("recon-discrepancy");
  await expect(list).toHaveCount(3);
  await expect(list.filter({ hasText: seed.orderIds[0]! })).toContainText(`40.00${NBSP}TL`);
  await expect(list.filter({ hasText: seed.orderIds[0]! })).toContainText("The partner's only: we have no record");
  await expectNoSeriousViolations(page, "/console/reconciliation");

  // A GET form: the kind narrows the list, the dealer chosen stays.
  await page.getByLabel("Difference").selectOption("amount_differs");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/kind=amount_differs/);
  await expect(page).toHaveURL(new RegExp(`dealerId=${seed.dealer.id}`));
  await expect(list).toHaveCount(1);
  await expect(list).toContainText(`210.00${NBSP}TL`);
  await expect(page.getByRole("note")).toContainText("narrow the discrepancies only");

  // The open count links to that day's discrepancies of the account.
  await page.goto(`/console/reconciliation?dealerId=${seed.dealer.id}`);
  await page.getByRole("link", { name: new RegExp(`^3 open on ${seed.day} for `) }).click();
  await expect(page).toHaveURL(new RegExp(`from=${seed.day}&to=${seed.day}&partner=${SEEDED_PARTNER}`));
  await expect(list).toHaveCount(3);

  const machine = await download(page, "Export CSV", ",");
  expect(machine.header).toContain("record_kind");
  expect(machine.rows.map((r) => r[machine.header.indexOf("order_id")]).sort()).toEqual([...seed.orderIds].sort());
  expect(machine.rows.map((r) => r[machine.header.indexOf("amount")]).sort()).toEqual(["210.00", "40.00", "75.50"]);
  const sheet = await download(page, "CSV for Turkish Excel", ";");
  expect(sheet.header).toEqual(expect.arrayContaining(["Difference", "Record", "Amount"]));
  expect(sheet.rows.map((r) => r[sheet.header.indexOf("Amount")]).sort()).toEqual(["210,00", "40,00", "75,50"]);

  // The refund made in the acquirer's panel: nothing of ours, the partner's record in our words and as sent.
  await page.getByRole("link", { name: `Open discrepancy ${seed.refund}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Discrepancy ${seed.refund}`);
  await expect(page.getByRole("region", { name: "Our record" })).toContainText("The service has no record of this.");
  const theirs = page.getByRole("region", { name: "The partner's record" });
  await expect(theirs).toContainText(`40.00${NBSP}TL`);
  await expect(theirs.getByTestId("recon-raw")).toContainText("sessionId");
  await expect(theirs.getByTestId("recon-raw")).toContainText(/reference\s*PNL/);
  await expect(page.locator(`main a[href="/console/transactions/${seed.paid.id}"]`)).toBeVisible();
  await expectNoSeriousViolations(page, "/console/reconciliation/[id] open, acceptable");

  await page.getByRole("button", { name: "Accept the partner's record…" }).click();
  const propose = page.getByRole("dialog", { name: `Accept the partner's refund of 40.00${NBSP}TL?` });
  await expect(propose).toContainText("a second admin confirms it first");
  await propose.getByRole("button", { name: "Propose to accept" }).click();
  await expect(page.getByText(`Proposed: another admin confirms discrepancy ${seed.refund}`).first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("recon-actions")).toContainText("You proposed it: it awaits a second admin.");
  await expect(page.getByRole("button", { name: "Confirm…" })).toHaveCount(0);

  // An admin whose access is newer than the proposal is refused, in the console's words; the proposal stands.
  const late = await consoleAt(browser, baseURL!, await consoleUser("admin"), { lang: "en" });
  await late.page.goto(`/console/reconciliation/${seed.refund}`);
  await late.page.getByRole("button", { name: "Confirm…" }).click();
  await late.page.getByRole("button", { name: "Confirm and apply" }).click();
  await expect(late.page.getByRole("dialog").getByRole("alert")).toContainText("Not confirmed:");
  await late.context.close();

  const second = await consoleAt(browser, baseURL!, adminB, { lang: "en" });
  await second.page.goto(`/console/reconciliation/${seed.refund}`);
  await expect(second.page.getByTestId("recon-actions")).toContainText(`${adminA.email} proposed accepting`);
  await second.page.getByRole("button", { name: "Confirm…" }).click();
  await second.page
    .getByRole("dialog", { name: `Apply the partner's refund of 40.00${NBSP}TL?` })
    .getByRole("button", { name: "Confirm and apply" })
    .click();
  await expect(second.page.getByText(`Discrepancy ${seed.refund} is accepted`).first()).toBeVisible();
  await expect
    .poll(async () => (await prisma.reconDiscrepancy.findUniqueOrThrow({ where: { id: seed.refund } })).status)
    .toBe("accepted");
  const refund = await prisma.cardRefund.findUniqueOrThrow({ where: { refundId: `recon-${seed.refund}` } });
  expect({ status: refund.status, amount: refund.amount.toFixed(2) }).toEqual({ status: "approved", amount: "40.00" });
  expect((await alertOf(seed.refund)).resolvedBy).toBe(adminB.email);
  await second.page.reload();
  await expect(second.page.getByTestId("recon-status")).toHaveText("Accepted");
  await expect(second.page.getByTestId("recon-history")).toContainText(adminB.email);
  await second.context.close();

  // Explained: a reason of 3 to 500 characters closes it and its alert; nothing is applied.
  await page.goto(`/console/reconciliation/${seed.differs}`);
  await expect(page.getByRole("region", { name: "Our record" })).toContainText(`200.00${NBSP}TL`);
  await page.getByRole("button", { name: "Explain…" }).click();
  const explain = page.getByRole("dialog", { name: "Close this discrepancy with what you found?" });
  await explain.getByLabel("What you found (3 to 500 characters)").fill("ab");
  await explain.getByRole("button", { name: "Close with this reason" }).click();
  await expect(explain.getByRole("alert")).toHaveText("Write what you found: 3 to 500 characters.");
  await explain.getByLabel("What you found (3 to 500 characters)").fill("Surcharge taken by the bank, agreed");
  await explain.getByRole("button", { name: "Close with this reason" }).click();
  await expect(page.getByText(`Discrepancy ${seed.differs} is closed with your reason.`).first()).toBeVisible();
  const explained = await alertOf(seed.differs);
  expect(explained.resolution).toBe("Surcharge taken by the bank, agreed");
  expect((await prisma.reconDiscrepancy.findUniqueOrThrow({ where: { id: seed.differs } })).status).toBe("explained");
  await context.close();
});

test("dealer staff read their own dealer's reconciliation on a 390 px phone in Turkish and English; another dealer's is not found", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const [mine, other] = [await seedReconciledDealer(), await seedReconciledDealer()];
  const staff = await consoleUser("dealer", { dealerId: mine.dealer.id });
  const { context, page } = await consoleAt(browser, baseURL!, staff, { lang: "tr", phone: true });
  // Asking for the other dealer in the link still shows only their own.
  await page.goto(`/console/reconciliation?dealerId=${other.dealer.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mutabakat");
  const days = page.getByTestId("recon-run");
  await expect(days).toHaveCount(2);
  await expect(days.nth(0).getByTestId("recon-matched-amount")).toHaveText("12.345,60");
  await expect(days.nth(1)).toContainText("Mutabakat yapılamadı");
  await expect(page.getByTestId("recon-discrepancy")).toHaveCount(3);
  await expect(page.locator("main")).not.toContainText(other.dealer.name);
  await expect(page.locator("main")).toContainText(`40,00${NBSP}TL`);
  await expect(page.getByLabel("Bayi", { exact: true })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, "/console/reconciliation as dealer staff");
  await page.screenshot({ path: "test-results/reconciliation-phone-tr.png", fullPage: true });
  await page.getByTestId("console-menu").locator("summary").click();
  await expect(page.getByTestId("console-menu").getByRole("link", { name: "Mutabakat" })).toBeVisible();

  // Needs attention (their dealer's alerts) links each discrepancy's alert to its page, where an admin resolves it.
  await page.goto("/console/approvals?tab=attention");
  const alert = page.getByRole("article").filter({ hasText: `${mine.refund} numaralı farkı aç` });
  await expect(alert.getByRole("link", { name: `${mine.refund} numaralı farkı aç` })).toHaveAttribute(
    "href",
    `/console/reconciliation/${mine.refund}`,
  );
  await expect(alert).toContainText("Farkın kendi sayfasında çözülür");
  await expect(alert.getByRole("textbox")).toHaveCount(0);

  // The export keeps to their dealer too, whatever the link names.
  const csv = await page.request.get(`/console/reconciliation/export?dealerId=${other.dealer.id}`);
  const { header, rows } = csvRecords(await csv.text());
  expect(rows.map((r) => r[header.indexOf("order_id")]).sort()).toEqual([...mine.orderIds].sort());

  await page.goto(`/console/reconciliation/${mine.refund}`);
  await expect(page.getByRole("region", { name: "İş ortağının kaydı" })).toContainText(`40,00${NBSP}TL`);
  await expect(page.getByTestId("recon-actions")).toContainText("Farkları yöneticiler çözer");
  await expect(page.getByRole("button", { name: /Açıkla|kabul et|Onayla/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, "/console/reconciliation/[id] as dealer staff");
  await page.screenshot({ path: "test-results/reconciliation-discrepancy-phone-tr.png", fullPage: true });
  expect((await page.goto(`/console/reconciliation/${other.refund}`))?.status()).toBe(404);

  await setConsoleLanguage(context, baseURL!, "en");
  await page.goto("/console/reconciliation");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reconciliation");
  await expect(page.getByTestId("recon-matched-amount").first()).toHaveText("12,345.60");
  await expectNoSidewaysScroll(page);
  await page.goto(`/console/reconciliation/${mine.differs}`);
  await expect(page.getByRole("region", { name: "The partner's record" })).toContainText(`210.00${NBSP}TL`);
  await expectNoSidewaysScroll(page);
  await context.close();
});

test("without scripts, an admin on a phone filters in Turkish and closes a discrepancy with a reason", async ({
  browser,
  baseURL,
}) => {
  const seed = await seedReconciledDealer();
  const { context, page } = await consoleAt(browser, baseURL!, await consoleUser("admin"), {
    lang: "tr",
    phone: true,
    scripts: false,
  });
  await page.goto(`/console/reconciliation?dealerId=${seed.dealer.id}`);
  await page.getByLabel("Fark", { exact: true }).selectOption("ours_only");
  await page.getByRole("button", { name: "Filtrele" }).click();
  await expect(page).toHaveURL(/kind=ours_only/);
  await expect(page.getByTestId("recon-discrepancy")).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await page.getByRole("link", { name: `${seed.oursOnly} numaralı farkı aç` }).click();
  await expect(page.getByRole("region", { name: "İş ortağının kaydı" })).toContainText(
    "İş ortağı bununla ilgili bir şey bildirmedi.",
  );
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "Açıkla…" }).click();
  const dialog = page.getByRole("dialog", { name: "Bu fark bulduğunuzla kapatılsın mı?" });
  await dialog.getByLabel("Bulduğunuz (3 ile 500 karakter arası)").fill("Test satışı, bankada iptal edildi");
  await dialog.getByRole("button", { name: "Bu gerekçeyle kapat" }).click();
  await page.waitForLoadState();
  await expect
    .poll(async () => (await prisma.reconDiscrepancy.findUniqueOrThrow({ where: { id: seed.oursOnly } })).status)
    .toBe("explained");
  expect((await alertOf(seed.oursOnly)).resolution).toBe("Test satışı, bankada iptal edildi");
  await context.close();
});
