import { readFile } from "node:fs/promises";
import { note } from "@/lib/base/messages/notes";
import type { Page } from "@playwright/test";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { updateProviderSettings } from "@/lib/domain/providers/update-provider-settings";
import { formatDateTime } from "@/lib/base/time/format";
import { staffActor } from "@/lib/domain/transactions/transition-actor";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { createConsoleUser } from "@/lib/domain/users/create-console-user";
import { startCallbackReceiver } from "../support/callback-receiver";
import { csvRecords } from "../support/console-session";
import { createTenant } from "../support/fixtures";
import { insertTransaction } from "../support/transactions";
import { expect, test } from "../support/browser-test";

const PASSWORD = "a-strong-e2e-password";

async function signIn(
  page: Page,
  role: "admin" | "dealer" | "provider",
  scope: { dealerId?: number; providerId?: number } = {},
) {
  const email = `${role}-${randomCodeGroup(6).toLowerCase()}@e2e.test`;
  await createConsoleUser({ email, password: PASSWORD, role, ...scope }, { label: "e2e" });
  await page.goto("/console/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Overview", exact: true, level: 1 })).toBeVisible();
  return email;
}

const rows = (page: Page) => page.getByTestId("transaction-row");

test("an admin filters by method, status and search, pages through, and exports exactly the filtered set", async ({
  page,
}) => {
  const run = randomCodeGroup(6).toLowerCase();
  const tenant = await createTenant();
  const card = await insertTransaction(tenant, {
    method: "CREDIT_CARD",
    direction: "PAYMENT",
    status: "success",
    username: `card${run}`,
    fullname: "Çağla Şahin",
    amount: "250.50",
  });
  await insertTransaction(tenant, {
    method: "CREDIT_CARD",
    direction: "PAYMENT",
    status: "failed",
    username: `card${run}`,
  });
  for (let i = 0; i < 51; i++) await insertTransaction(tenant, { username: `bulk${run}`, userId: `u-${i}` });

  await signIn(page, "admin");
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Transactions" }).click();
  await expect(page.getByRole("heading", { name: "Transactions", exact: true, level: 1 })).toBeVisible();

  await page.getByLabel("Search").fill(run);
  await page.getByLabel("Method").selectOption("CREDIT_CARD");
  await page.getByLabel("Status").selectOption("success");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${run}.*method=CREDIT_CARD.*status=success`));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(card.trackingCode);
  await expect(rows(page)).toContainText("250.50\u00a0TL");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`transactions-${formatDateTime(new Date()).slice(0, 10)}.csv`);
  const csv = csvRecords(await readFile((await download.path())!, "utf8"));
  expect(csv.rows).toHaveLength(1);
  expect(csv.rows[0]).toEqual(
    expect.arrayContaining([card.trackingCode, "CREDIT_CARD", "success", "Çağla Şahin", "250.50"]),
  );

  // The same search without the other filters: 51 deposits page 50 + 1.
  await page.goto(`/console/transactions?q=bulk${run}`);
  await expect(page.getByTestId("transactions-total")).toHaveText("51 matching");
  await expect(rows(page)).toHaveCount(50);
  await page.getByRole("link", { name: "Older →" }).click();
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`q=bulk${run}&page=2`));
});

test("the detail page shows the state history and the callback attempts, and resends", async ({ page }) => {
  let healthy = false;
  const receiver = await startCallbackReceiver(() =>
    healthy ? { status: 200, body: "OK" } : { status: 503, body: "maintenance" },
  );
  try {
    const tenant = await createTenant({ callbackUrl: receiver.url });
    const deposit = await insertTransaction(tenant, { username: `detail${randomCodeGroup(6)}`, amount: "1500.00" });
    await prisma.$transaction((tx) =>
      transitionTransaction(tx, {
        id: deposit.id,
        to: "completed",
        actor: staffActor({ label: "ops", viaCli: true }),
        note: note("paidOut", { reason: "Paid in full" }),
        finalAmount: "1500.00",
      }),
    );
    await receiver.forTrackingCode(deposit.trackingCode, 1);

    await signIn(page, "admin");
    await page.goto(`/console/transactions?q=${deposit.trackingCode}`);
    await rows(page).getByRole("link", { name: deposit.trackingCode }).click();
    await expect(page.getByRole("heading", { name: deposit.trackingCode })).toBeVisible();
    await expect(page.getByRole("region", { name: "Money" })).toContainText("1,500.00\u00a0TL");
    await expect(page.getByRole("region", { name: "Customer" })).toContainText("Ayşe Kaya");
    const history = page.getByTestId("history-row");
    await expect(history).toHaveCount(1);
    for (const cell of ["pending → completed", "Admin command line (ops)", "Paid in full"])
      await expect(history).toContainText(cell);
    const callback = page.getByRole("article", { name: /^Callback / });
    await expect(callback).toContainText("status sent: completed");
    await expect(callback.getByTestId("attempt-row").first()).toContainText("HTTP 503");

    healthy = true;
    await callback.getByRole("button", { name: "Resend now" }).click();
    await expect(callback.getByRole("status")).toContainText("Queued");
    await receiver.forTrackingCode(deposit.trackingCode, 2);
    await expect(callback.getByTestId("attempt-row").first()).toContainText("acknowledged", { timeout: 15_000 });
  } finally {
    await receiver.close();
  }
});

test("dealer staff get 404 for another tenant's transaction and cannot refund it by editing the form's id", async ({
  page,
}) => {
  const [mine, other] = await Promise.all([createTenant(), createTenant()]);
  const own = await insertTransaction(mine, { method: "CREDIT_CARD", direction: "PAYMENT", status: "success" });
  const theirs = await insertTransaction(other, { method: "CREDIT_CARD", direction: "PAYMENT", status: "success" });
  await signIn(page, "dealer", { dealerId: mine.dealer.id });
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Audit log" })).toHaveCount(
    0,
  );

  const response = await page.goto(`/console/transactions/${theirs.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText(theirs.trackingCode)).toHaveCount(0);

  await page.goto(`/console/transactions?q=${theirs.trackingCode}`);
  await expect(page.getByText("No transactions match these filters.")).toBeVisible();

  await page.goto(`/console/transactions/${own.id}`);
  await page.getByRole("region", { name: "Refund" }).getByRole("button", { name: "Refund…" }).click();
  const refund = page.getByRole("dialog", { name: "Refund 150.00\u00a0TL to Ayşe Kaya?" });
  await refund
    .locator('input[name="id"]')
    .evaluate((input, id) => ((input as HTMLInputElement).value = String(id)), theirs.id);
  await refund.getByLabel("Reason (the customer and the provider see it)").fill("tampered");
  await refund.getByRole("button", { name: "Refund 150.00\u00a0TL" }).click();
  await expect(refund.getByRole("alert")).toHaveText("This is not available to your account.");
  expect((await prisma.transaction.findUniqueOrThrow({ where: { id: theirs.id } })).status).toBe("success");
  expect((await prisma.transaction.findUniqueOrThrow({ where: { id: own.id } })).status).toBe("success");
});

test("a provider viewer reads their provider's transactions only and has no controls that change anything", async ({
  page,
}) => {
  const [mine, other] = await Promise.all([createTenant(), createTenant()]);
  const run = randomCodeGroup(6).toLowerCase();
  const own = await insertTransaction(mine, {
    method: "CREDIT_CARD",
    direction: "PAYMENT",
    status: "success",
    username: `pv${run}`,
  });
  const theirs = await insertTransaction(other, {
    method: "CREDIT_CARD",
    direction: "PAYMENT",
    status: "success",
    username: `pv${run}`,
  });
  await signIn(page, "provider", { providerId: mine.provider.id });

  await page.goto(`/console/transactions?q=pv${run}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(own.trackingCode);

  await page.goto(`/console/transactions/${own.id}`);
  await expect(page.getByRole("heading", { name: own.trackingCode })).toBeVisible();
  // Nothing that changes anything: the only buttons copy a code to the clipboard.
  await expect(page.getByRole("button", { name: `Copy ${own.trackingCode}` })).toBeVisible();
  expect(await page.locator("main").getByRole("button").allInnerTexts()).toEqual(["Copy"]);
  await expect(page.locator("main form")).toHaveCount(0);

  expect((await page.goto(`/console/transactions/${theirs.id}`))?.status()).toBe(404);
  expect((await page.goto("/console/audit"))?.status()).toBe(403);
});

test("an admin reads the audit log with before and after, filtered by entity type and actor", async ({ page }) => {
  const tenant = await createTenant();
  const actor = `auditor-${randomCodeGroup(6).toLowerCase()}@e2e.test`;
  await updateProviderSettings(tenant.provider.id, { rateLimitPerMinute: 90, embedOrigins: "" }, { label: actor });
  await signIn(page, "admin");
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { name: "Audit log", exact: true, level: 1 })).toBeVisible();
  await page.getByLabel("Entity type").selectOption("provider");
  await page.getByLabel("Actor").fill(actor);
  await page.getByRole("button", { name: "Filter" }).click();
  const entry = page.getByTestId("audit-row");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("provider.settings");
  await expect(entry).toContainText("Provider: settings changed");
  await expect(entry).toContainText(`Provider #${tenant.provider.id}`);
  await expect(entry.getByLabel("before: (empty)")).toHaveText("(empty)");
  await expect(entry.getByLabel("after: 90")).toHaveText("90");
  await entry.getByText("Before and after as recorded").click();
  await expect(entry.locator("pre")).toContainText('"rateLimitPerMinute": 90');
});

test("on a tablet the filters wrap and the table scrolls inside its card, not the page", async ({ page }) => {
  const tenant = await createTenant();
  await insertTransaction(tenant, { fullname: "Uzun İsimli Müşteri Adı Soyadı" });
  await page.setViewportSize({ width: 768, height: 1024 });
  await signIn(page, "admin");
  await page.goto("/console/transactions");
  await expect(rows(page).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const card = page.locator("table").first().locator("xpath=..");
  expect(
    await card.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).overflowX === "auto"),
  ).toBe(true);
  const form = page.getByRole("search", { name: "Filter transactions" });
  const [first, last] = await Promise.all([
    form.getByLabel("Search").boundingBox(),
    form.getByRole("button", { name: "Filter" }).boundingBox(),
  ]);
  expect(last!.y).toBeGreaterThan(first!.y);
});
