import { describe, expect, it } from "vitest";
import type { ConsoleUser } from "@/lib/edge/auth/console-user";
import { DASHBOARD_DAYS, getDashboard } from "@/lib/edge/console/get-dashboard";
import { getDayWindow } from "@/lib/domain/explorer/get-day-window";
import { summarizePeriod } from "@/lib/domain/explorer/summarize-period";
import { transactionScope } from "@/lib/domain/access/tenant-scope";
import { prisma } from "@/lib/base/db/prisma";
import { startOfLocalDay } from "@/lib/base/time/format";
import { createTenant } from "../support/fixtures";
import { insertTransaction } from "../support/transactions";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const admin: ConsoleUser = { id: 0, email: "a@test", role: "ADMIN", dealerId: null, providerId: null };
const dealerOf = (t: { dealer: { id: number } }): ConsoleUser => ({
  id: 0,
  email: "d@test",
  role: "DEALER",
  dealerId: t.dealer.id,
  providerId: null,
});
const providerOf = (t: { provider: { id: number } }): ConsoleUser => ({
  id: 0,
  email: "p@test",
  role: "PROVIDER",
  dealerId: null,
  providerId: t.provider.id,
});

/**
 * The period's figures (the raw-SQL tenancy, without the dashboard's reuse of a slow summary) and the count
 * the scope should give, read when nothing changed around them: the admin's scope is every tenant, which
 * other test files (running beside this one) add rows to meanwhile. A count taken before and after the
 * summary that did not move brackets it exactly.
 */
async function summaryAgainstCount(user: ConsoleUser) {
  const window = getDayWindow(DASHBOARD_DAYS, new Date());
  const count = () =>
    prisma.transaction.count({ where: { ...transactionScope(user), createdAt: { gte: window.periodStart } } });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const before = await count();
    const d = await summarizePeriod(user, window);
    const after = await count();
    if (before === after || Date.now() > deadline) return { d, expected: after };
  }
}

/** The dashboard's period figures as they stand now, never a reused summary. */
async function periodOf(user: ConsoleUser, now = new Date()) {
  const window = getDayWindow(DASHBOARD_DAYS, now);
  return { window, ...(await summarizePeriod(user, window)) };
}

describe("dashboard aggregation", () => {
  it("the raw-SQL tenancy agrees with transactionScope for every role, and never leaks another tenant", async () => {
    const a = await createTenant();
    const b = await createTenant();
    await insertTransaction(a, { status: "completed", amount: "10.00" });
    await insertTransaction(a, {
      method: "CREDIT_CARD",
      direction: "PAYMENT",
      status: "success",
      amount: "20.00",
      orderId: `I-${Date.now()}`,
    });
    await insertTransaction(b, { status: "completed", amount: "300.00" });
    // Dealer-originated: a dealer's row with no provider, which provider viewers must not see.
    await insertTransaction(a, {
      origin: "DEALER",
      providerId: null,
      siteId: null,
      status: "completed",
      amount: "4.00",
    });
    const roles = [admin, dealerOf(a), dealerOf(b), providerOf(a), providerOf(b), { ...dealerOf(a), dealerId: null }];
    for (const user of roles) {
      const { d, expected } = await summaryAgainstCount(user);
      expect(d.totals.overall.periodCount, `${user.role} ${user.dealerId ?? user.providerId}`).toBe(expected);
      expect(d.daily.reduce((sum, r) => sum + r.count, 0)).toBe(expected);
      expect(d.statuses.reduce((sum, s) => sum + s.count, 0)).toBe(expected);
    }
    expect((await getDashboard(dealerOf(a))).totals.overall).toMatchObject({ todayCount: 3, todayVolume: "34.00" });
    expect((await getDashboard(providerOf(a))).totals.overall).toMatchObject({ todayCount: 2, todayVolume: "30.00" });
    expect((await getDashboard(dealerOf(b))).totals.overall).toMatchObject({ todayCount: 1, todayVolume: "300.00" });
    expect((await getDashboard({ ...dealerOf(a), dealerId: null })).totals.overall).toMatchObject({
      todayCount: 0,
      todayVolume: "0.00",
    });
  });

  it("sums money exactly in the database, at the approved amount, beyond what a float holds", async () => {
    const t = await createTenant();
    await insertTransaction(t, { status: "completed", amount: "0.10" });
    await insertTransaction(t, { status: "completed", amount: "0.20" });
    await insertTransaction(t, { status: "completed", amount: "100.00", finalAmount: "99.95" });
    await insertTransaction(t, { status: "rejected", amount: "500.00" });
    const d = await getDashboard(dealerOf(t));
    expect(d.totals.overall).toMatchObject({ todayCount: 4, todayVolume: "100.25", periodVolume: "100.25" });
    await insertTransaction(t, { status: "completed", amount: "9999999999999999.99" });
    await insertTransaction(t, { status: "completed", amount: "9999999999999999.99" });
    // Read past the dashboard's reuse of a slow summary (a busy machine can make this small one slow).
    const fresh = await periodOf(dealerOf(t));
    expect(fresh.totals.overall.todayVolume).toBe("20000000000000100.23");
    expect(fresh.totals.byMethod).toEqual([
      expect.objectContaining({ method: "MANUAL_BANK", todayVolume: "20000000000000100.23" }),
    ]);
  });

  it("says money in, out and net apart: withdrawals and card refunds go out, never added to what came in", async () => {
    const t = await createTenant();
    await insertTransaction(t, { status: "completed", amount: "1000.00" });
    await insertTransaction(t, { direction: "WITHDRAWAL", status: "completed", amount: "300.00" });
    await insertTransaction(t, { direction: "WITHDRAWAL", status: "processing", amount: "50.00" });
    const paid = await insertTransaction(t, {
      method: "CREDIT_CARD",
      direction: "PAYMENT",
      status: "success",
      amount: "200.00",
      orderId: `N-${Date.now()}`,
    });
    await prisma.cardRefund.create({
      data: {
        transactionId: paid.id,
        refundId: `RF-N${Date.now()}`,
        amount: "45.50",
        status: "approved",
        actorLabel: "t",
      },
    });
    const refunded = await insertTransaction(t, {
      method: "CREDIT_CARD",
      direction: "PAYMENT",
      status: "refunded",
      amount: "80.00",
      orderId: `R-${Date.now()}`,
    });
    await prisma.cardRefund.create({
      data: {
        transactionId: refunded.id,
        refundId: `RF-R${Date.now()}`,
        amount: "80.00",
        status: "approved",
        actorLabel: "t",
      },
    });
    const fresh = await periodOf(dealerOf(t));
    expect(fresh.totals.overall).toMatchObject({
      todayIn: "1280.00",
      todayOut: "425.50",
      todayNet: "854.50",
      periodIn: "1280.00",
      periodOut: "425.50",
      periodNet: "854.50",
    });
  });

  it("days are the console zone's calendar days: 23:30 and 00:30 local fall on different bars", async () => {
    const t = await createTenant();
    const now = new Date();
    const { today, days } = (await getDashboard(dealerOf(t), now)).window;
    const midnight = startOfLocalDay(today);
    await insertTransaction(t, { createdAt: new Date(midnight.getTime() - HOUR / 2) });
    await insertTransaction(t, { createdAt: new Date(midnight.getTime() + HOUR / 2) });
    // Just before the window opens: out of every figure.
    await insertTransaction(t, { createdAt: new Date(startOfLocalDay(days[0]!).getTime() - 1000) });
    const d = await periodOf(dealerOf(t), new Date(midnight.getTime() + HOUR));
    expect(d.window.today).toBe(today);
    expect(d.daily.map((r) => [r.day, r.count])).toEqual([
      [days[days.length - 2], 1],
      [today, 1],
    ]);
    expect(d.totals.overall).toMatchObject({ todayCount: 1, periodCount: 2 });
    expect(days).toHaveLength(30);
    expect(new Set(days).size).toBe(30);
  });

  it("queue sizes and delivery health stay within the tenancy", async () => {
    const a = await createTenant();
    const b = await createTenant();
    await insertTransaction(a, { method: "EIBAN", status: "pending" });
    await insertTransaction(a, { status: "showing" });
    await insertTransaction(a, { direction: "WITHDRAWAL", status: "processing" });
    await insertTransaction(a, {
      method: "CREDIT_CARD",
      direction: "PAYMENT",
      status: "pending",
      orderId: `Q-${Date.now()}`,
    });
    const other = await insertTransaction(b, { status: "pending" });
    const base = {
      kind: "PROVIDER_DEPOSIT" as const,
      url: "http://127.0.0.1:9/x",
      payload: {},
      nextAttemptAt: new Date(Date.now() + DAY),
    };
    await prisma.callbackDelivery.create({
      data: {
        ...base,
        transactionId: other.id,
        providerId: b.provider.id,
        trackingCode: other.trackingCode,
        status: "pending",
        attemptCount: 3,
      },
    });

    const mine = await getDashboard(dealerOf(a));
    expect(mine.queues.reduce((sum, q) => sum + q.count, 0)).toBe(3);
    expect(mine.deliveries).toMatchObject({
      delivered: 0,
      failed: 0,
      retrying: 0,
      queued: 0,
      oldestUndeliveredAt: null,
    });
    const theirs = await getDashboard(providerOf(b));
    expect(theirs.queues).toEqual([{ direction: "DEPOSIT", method: "MANUAL_BANK", status: "pending", count: 1 }]);
    expect(theirs.deliveries).toMatchObject({ retrying: 1, queued: 0 });
    expect(theirs.deliveries.oldestUndeliveredAt).toBeInstanceOf(Date);
  });
});
