import type { Page } from "@playwright/test";
import { settings } from "@/lib/base/config/settings";
import { formatMoney } from "@/lib/base/money/format-money";
import { prisma } from "@/lib/base/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";
import { startOfLocalDay } from "@/lib/base/time/format";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { consoleUser, signIn as signInAs } from "../support/console-users";
import { createTenant } from "../support/fixtures";
import { insertTransaction } from "../support/transactions";
import { expect, testAlone as test } from "../support/browser-test";

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** A new console user of `role` in `scope`, signed in on `page` (left on the dashboard). */
async function signIn(
  page: Page,
  role: "admin" | "dealer" | "provider",
  scope: { dealerId?: number; providerId?: number } = {},
) {
  await signInAs(page, await consoleUser(role, scope));
  await expect(page.getByRole("heading", { name: "Overview", exact: true, level: 1 })).toBeVisible();
}

type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** A dealer's month: settled, open, failed and refunded transactions of several methods, one too old to count. */
async function seedMine(t: Tenant) {
  const now = Date.now();
  await insertTransaction(t, { method: "MANUAL_BANK", status: "completed", amount: "150.00", finalAmount: "149.50" });
  const card = await insertTransaction(t, {
    method: "CREDIT_CARD",
    direction: "PAYMENT",
    status: "success",
    amount: "99.90",
    orderId: `D-${randomCodeGroup(8)}`,
  });
  const refunded = await insertTransaction(t, {
    method: "CREDIT_CARD",
    direction: "PAYMENT",
    status: "refunded",
    amount: "40.00",
    orderId: `D-${randomCodeGroup(8)}`,
  });
  await prisma.cardRefund.create({
    data: {
      transactionId: refunded.id,
      refundId: `RF-${randomCodeGroup(10)}`,
      amount: "40.00",
      status: "approved",
      actorLabel: "e2e",
    },
  });
  await insertTransaction(t, { method: "EIBAN", status: "pending", amount: "500.00" });
  await insertTransaction(t, {
    method: "MANUAL_BANK",
    direction: "WITHDRAWAL",
    status: "processing",
    amount: "200.00",
  });
  await insertTransaction(t, { method: "TP_CRYPTO", status: "failed", amount: "75.00" });
  const older = await insertTransaction(t, {
    method: "TP_BANK",
    status: "completed",
    amount: "1000.00",
    createdAt: new Date(now - 3 * DAY),
  });
  await insertTransaction(t, {
    method: "MANUAL_BANK",
    status: "completed",
    amount: "999.00",
    createdAt: new Date(now - 40 * DAY),
  });
  const delivery = {
    kind: "PROVIDER_DEPOSIT" as const,
    providerId: t.provider.id,
    url: "http://127.0.0.1:9/never",
    payload: {},
  };
  await prisma.callbackDelivery.create({
    data: {
      ...delivery,
      transactionId: older.id,
      trackingCode: older.trackingCode,
      status: "completed",
      state: "DELIVERED",
      attemptCount: 1,
      deliveredAt: new Date(now - HOUR),
    },
  });
  // Far in the future, so the server's runner leaves it alone while the page is read.
  await prisma.callbackDelivery.create({
    data: {
      ...delivery,
      kind: "PROVIDER_CARD",
      transactionId: card.id,
      trackingCode: card.trackingCode,
      status: "success",
      attemptCount: 2,
      nextAttemptAt: new Date(now + DAY),
      createdAt: new Date(now - 2 * HOUR),
    },
  });
}

/** Today's figures over everything, computed here with plain Prisma as an independent check of the SQL. */
async function allToday() {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: settings.timeZone }).format(new Date());
  const since = { gte: startOfLocalDay(today) };
  const rows = await prisma.transaction.findMany({
    where: { createdAt: since },
    select: { status: true, direction: true, amount: true, finalAmount: true },
  });
  const sum = (list: typeof rows) =>
    list.reduce((total, r) => total.add(r.finalAmount ?? r.amount), new Prisma.Decimal(0));
  const moneyIn = sum(
    rows.filter((r) => r.direction !== "WITHDRAWAL" && ["completed", "success", "refunded"].includes(r.status)),
  );
  const refunds = await prisma.cardRefund.aggregate({
    where: { status: "approved", createdAt: since },
    _sum: { amount: true },
  });
  const moneyOut = sum(rows.filter((r) => r.direction === "WITHDRAWAL" && r.status === "completed")).add(
    refunds._sum.amount ?? 0,
  );
  return { count: rows.length, net: moneyIn.minus(moneyOut).toFixed(2) };
}

test("the dashboard shows each role the figures of its own tenancy, with charts", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const mine = await createTenant();
  const other = await createTenant();
  await seedMine(mine);
  await insertTransaction(other, { method: "TP_WALLET", status: "completed", amount: "5000.00" });

  await signIn(page, "dealer", { dealerId: mine.dealer.id });
  await expect(page.getByTestId("today-count")).toHaveText("6");
  // Money in (the refunded card payment came in too), out (its refund) and net, never in and out added together.
  await expect(page.getByTestId("today-in")).toHaveText("289.40\u00a0TL");
  await expect(page.getByTestId("today-out")).toHaveText("40.00\u00a0TL");
  await expect(page.getByTestId("today-net")).toHaveText("249.40\u00a0TL");
  await expect(page.getByTestId("period-count")).toHaveText("7");
  await expect(page.getByTestId("period-net")).toHaveText("1,249.40\u00a0TL");
  await expect(page.getByTestId("queue-total")).toHaveText("2");
  await expect(page.getByTestId("queue-decide")).toHaveText("1");
  await expect(page.getByTestId("oldest-undelivered")).toContainText("Oldest undelivered: 2 h");
  const deliveries = page.getByRole("region", { name: "Callback delivery" });
  await expect(deliveries.getByRole("row", { name: /^Delivered \(24 h\)/ })).toContainText("1");
  await expect(deliveries.getByRole("row", { name: /^Retrying now/ })).toContainText("1");
  const byMethod = page.getByRole("region", { name: "By method" });
  await expect(byMethod.getByRole("row", { name: /^Card/ })).toContainText("99.90\u00a0TL");
  await expect(byMethod.getByRole("row", { name: /^Wallet/ })).toHaveCount(0);
  const statuses = page.getByRole("region", { name: /Transactions by status/ });
  await expect(statuses.getByRole("row", { name: /^completed/ })).toContainText("2");
  await expect(statuses.getByRole("row", { name: /^refunded/ })).toContainText("1");
  for (const name of [
    /Completed volume per day/,
    /Transactions per day/,
    /Transactions by status/,
    "Approval queues",
    "Callback delivery",
  ]) {
    await expect(page.getByRole("region", { name }).locator("svg.recharts-surface").first()).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Review the queues" })).toBeVisible();

  const viewer = await browser.newPage();
  await signIn(viewer, "provider", { providerId: other.provider.id });
  await expect(viewer.getByTestId("today-count")).toHaveText("1");
  await expect(viewer.getByTestId("today-net")).toHaveText("5,000.00\u00a0TL");
  await expect(viewer.getByTestId("queue-total")).toHaveText("0");
  await expect(viewer.getByRole("link", { name: "Review the queues" })).toHaveCount(0);
  await viewer.close();

  const admin = await browser.newPage();
  await signIn(admin, "admin");
  // The test has a console of its own (testAlone): the admin's figures of everything are what it made, and the
  // database says so too.
  const expected = await allToday();
  expect(expected.count).toBe(7);
  await expect(admin.getByTestId("today-count")).toHaveText(expected.count.toLocaleString("en-GB"));
  await expect(admin.getByTestId("today-net")).toHaveText(formatMoney(expected.net));
  await expect(
    admin
      .getByRole("region", { name: /Completed volume per day/ })
      .locator("svg.recharts-surface")
      .first(),
  ).toBeVisible();
  // A tablet in portrait: everything fits without scrolling sideways.
  await admin.setViewportSize({ width: 768, height: 1024 });
  await expect.poll(() => admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await admin.screenshot({ path: "test-results/dashboard-tablet.png", fullPage: true });
  await admin.close();
});
