/**
 * The ledger's daily snapshots (docs/ledger.md "Reading balances as of a moment"): a closed day's closing balance
 * per account, written by the housekeeping task, so a balance is the last snapshot plus the entries since. The
 * server under test runs the same task every 15 s and other files post back-dated sets meanwhile: every check
 * here holds whoever closed which day when.
 */
import { describe, expect, it } from "vitest";
import { prisma, type Db } from "@/lib/base/db/prisma";
import type { LedgerAccountKind } from "@/lib/generated/prisma/enums";
import { balancesAsOf, pairBalance, shown } from "@/lib/domain/ledger/balances";
import { closeLedgerDays } from "@/lib/domain/ledger/snapshots";
import { dailyStatement } from "@/lib/domain/ledger/statement";
import { createTenant } from "../support/fixtures";
import { addFeeSchedules } from "../support/ledger";
import { insertTransaction } from "../support/transactions";

const IBAN = "TR330006100519786457841326";
const at = (iso: string) => new Date(iso);

/**
 * Closes every due day, waiting out a round another process (the server's runner) is doing. Inside a
 * transaction, the last round's lock is held until it ends: no day is reopened meanwhile.
 */
async function closeAllDue(db: Db = prisma): Promise<void> {
  for (let round = 0; round < 50; round++) {
    const { closed, busy } = await closeLedgerDays(new Date(), db);
    if (!busy && closed === 0) return;
    if (busy) await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("days still closing after 50 rounds");
}

/** Each account's balance as shown, summed from its entries alone: the truth the snapshots derive from. */
async function summedFromEntries(db: Db, dealerId: number, asOf: Date): Promise<Record<string, string>> {
  const rows = await db.$queryRaw<{ kind: LedgerAccountKind; provider_id: number | null; sum: string }[]>`
    SELECT a.kind::text AS kind, a.provider_id, COALESCE(sum(e.amount) FILTER (WHERE e.posted_at <= ${asOf}::timestamptz), 0)::numeric(18,2)::text AS sum
    FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
    WHERE a.dealer_id = ${dealerId} GROUP BY a.id`;
  return Object.fromEntries(rows.map((r) => [`${r.kind}:${r.provider_id ?? ""}`, shown(r.kind, r.sum)]));
}

/** The same through balancesAsOf: the last snapshot plus the entries since. */
async function readThroughSnapshots(db: Db, dealerId: number, asOf: Date): Promise<Record<string, string>> {
  return Object.fromEntries(
    (await balancesAsOf(db, { dealerId, asOf })).map((b) => [`${b.kind}:${b.providerId ?? ""}`, b.balance]),
  );
}

/** Snapshots of the dealer's accounts that differ from the sum of the entries before their day's end (none, ever). */
async function wrongSnapshots(dealerId: number): Promise<unknown[]> {
  return prisma.$queryRaw`
    SELECT s.account_id, s.day, s.balance::text, (SELECT COALESCE(sum(e.amount), 0) FROM ledger_entries e WHERE e.account_id = s.account_id AND e.posted_at < c.ends_at)::text AS truth
    FROM ledger_snapshots s JOIN ledger_closed_days c ON c.day = s.day JOIN ledger_accounts a ON a.id = s.account_id
    WHERE a.dealer_id = ${dealerId}
      AND s.balance <> (SELECT COALESCE(sum(e.amount), 0) FROM ledger_entries e WHERE e.account_id = s.account_id AND e.posted_at < c.ends_at)`;
}

describe("daily snapshots of the ledger", () => {
  it("give the same balances and statements as the entries alone, at every instant, and are written once", async () => {
    const tenant = await createTenant();
    await addFeeSchedules(tenant.provider.id, at("2026-11-01T00:00:00+03:00"));
    const completed = (amount: string, when: string, data: Parameters<typeof insertTransaction>[1] = {}) =>
      insertTransaction(tenant, { amount, status: "completed", finalAmount: amount, completedAt: at(when), ...data });
    await completed("100.00", "2026-11-20T12:00:00+03:00");
    await completed("1000.00", "2026-11-21T00:00:00+03:00"); // the first instant of a day
    await completed("333.33", "2026-11-21T23:59:59.999+03:00"); // the last
    await completed("500.00", "2026-11-22T12:00:00+03:00", { direction: "WITHDRAWAL", iban: IBAN });
    await completed("42.00", "2026-11-24T09:30:00+03:00");
    await prisma.$queryRaw`SELECT ledger_backfill()`;
    const snapshotsOf = (db: Db) =>
      db.ledgerSnapshot.findMany({
        where: { account: { dealerId: tenant.dealer.id } },
        orderBy: [{ accountId: "asc" }, { day: "asc" }],
      });
    // Closed and read under the closer's lock: no back-dated posting of another test reopens a day meanwhile.
    const mine = await prisma.$transaction(async (tx) => (await closeAllDue(tx), snapshotsOf(tx)));
    // Four accounts moved on four days: a snapshot per account and day it moved, none for the quiet 23rd.
    expect(new Set(mine.map((s) => s.day.toISOString().slice(0, 10)))).toEqual(
      new Set(["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-24"]),
    );
    expect(await wrongSnapshots(tenant.dealer.id)).toEqual([]);

    const instants = [
      "2026-11-19T12:00:00+03:00",
      "2026-11-20T12:00:00+03:00",
      "2026-11-20T23:59:59.999+03:00",
      "2026-11-21T00:00:00+03:00",
      "2026-11-21T12:00:00+03:00",
      "2026-11-21T23:59:59.998+03:00",
      "2026-11-21T23:59:59.999+03:00",
      "2026-11-22T00:00:00+03:00",
      "2026-11-23T15:00:00+03:00",
      "2026-11-24T09:29:59.999+03:00",
      "2026-11-24T09:30:00+03:00",
      "2026-11-25T00:00:00+03:00",
    ].map(at);
    for (const instant of [...instants, new Date()]) {
      expect(await readThroughSnapshots(prisma, tenant.dealer.id, instant), instant.toISOString()).toEqual(
        await summedFromEntries(prisma, tenant.dealer.id, instant),
      );
    }
    const pair = { providerId: tenant.provider.id, dealerId: tenant.dealer.id };
    // 100 - 2.50 - 0.50; then 1000 - 16 - 5 and 333.33 - 6 - 1.67; then 500 + 5.75 + 1.25 out.
    expect(await dailyStatement(prisma, { ...pair, day: "2026-11-21" })).toMatchObject({
      opening: "97.00",
      closing: "1401.66",
      deposits: { amount: "1333.33", count: 2 },
    });
    expect(await dailyStatement(prisma, { ...pair, day: "2026-11-22" })).toMatchObject({
      opening: "1401.66",
      closing: "894.66",
    });
    expect(await dailyStatement(prisma, { ...pair, day: "2026-11-23" })).toMatchObject({
      opening: "894.66",
      closing: "894.66",
    });

    // Again: nothing more is written, nothing changes.
    expect(await prisma.$transaction(async (tx) => (await closeAllDue(tx), snapshotsOf(tx)))).toEqual(mine);
  });

  it("are what the balance reads use: a snapshot changed by hand shows in every read after its day", async () => {
    const tenant = await createTenant();
    await insertTransaction(tenant, {
      amount: "250.00",
      status: "completed",
      finalAmount: "250.00",
      completedAt: at("2026-11-22T10:00:00+03:00"),
    });
    await prisma.$queryRaw`SELECT ledger_backfill()`;
    await closeAllDue();
    const before = at("2026-11-25T00:00:00+03:00");
    expect(await pairBalance(prisma, tenant.provider.id, tenant.dealer.id, before)).toBe("250.00");
    // Inside a transaction that rolls back and holds the closer's lock: no other writer touches the snapshots.
    const rollback = new Error("rolled back on purpose");
    const seen = await prisma
      .$transaction(async (tx) => {
        await closeAllDue(tx);
        const changed = await tx.$executeRaw`
          UPDATE ledger_snapshots SET balance = balance - 1 WHERE day = '2026-11-22'
            AND account_id = (SELECT id FROM ledger_accounts WHERE key = ${`PROVIDER_PAYABLE:p${tenant.provider.id}:d${tenant.dealer.id}`})`;
        expect(changed).toBe(1);
        const read = [
          await pairBalance(tx, tenant.provider.id, tenant.dealer.id, before),
          await pairBalance(tx, tenant.provider.id, tenant.dealer.id, at("2026-11-22T12:00:00+03:00")),
        ];
        throw Object.assign(rollback, { read });
      })
      .catch((error: Error & { read?: string[] }) => (error === rollback ? error.read : Promise.reject(error)));
    // As of the 25th: the snapshot plus nothing since; as of noon on the 22nd the day is not closed: the entries.
    expect(seen).toEqual(["251.00", "250.00"]);
    expect(await pairBalance(prisma, tenant.provider.id, tenant.dealer.id, before)).toBe("250.00");
  });

  it("are dropped from the day a set is posted back into, and written again right", async () => {
    const tenant = await createTenant();
    await insertTransaction(tenant, {
      amount: "80.00",
      status: "completed",
      finalAmount: "80.00",
      completedAt: at("2026-11-23T08:00:00+03:00"),
    });
    await prisma.$queryRaw`SELECT ledger_backfill()`;
    await closeAllDue();
    expect(await pairBalance(prisma, tenant.provider.id, tenant.dealer.id, at("2026-11-26T00:00:00+03:00"))).toBe(
      "80.00",
    );

    // An event of the 21st arrives late (an instance of the previous release completed it): posted at its time.
    // Until its transaction commits, it holds the closer's lock: the days from the 21st stay open.
    const from21 = { gte: at("2026-11-21T00:00:00Z") };
    const open = await prisma.$transaction(async (tx) => {
      await insertTransaction(
        tenant,
        { amount: "20.00", status: "completed", finalAmount: "20.00", completedAt: at("2026-11-21T18:00:00+03:00") },
        tx,
      );
      await tx.$queryRaw`SELECT ledger_backfill()`;
      return [
        await tx.ledgerClosedDay.count({ where: { day: from21 } }),
        await tx.ledgerSnapshot.count({ where: { day: from21 } }),
        await pairBalance(tx, tenant.provider.id, tenant.dealer.id, at("2026-11-26T00:00:00+03:00")),
      ];
    });
    expect(open).toEqual([0, 0, "100.00"]);
    // Whatever the server's runner closed again since was closed with the new entries: the reads are right.
    for (const instant of [
      "2026-11-21T20:00:00+03:00",
      "2026-11-22T00:00:00+03:00",
      "2026-11-26T00:00:00+03:00",
      new Date().toISOString(),
    ].map(at)) {
      expect(await readThroughSnapshots(prisma, tenant.dealer.id, instant), instant.toISOString()).toEqual(
        await summedFromEntries(prisma, tenant.dealer.id, instant),
      );
    }
    expect(await pairBalance(prisma, tenant.provider.id, tenant.dealer.id, at("2026-11-26T00:00:00+03:00"))).toBe(
      "100.00",
    );
    const pairSnapshots = await prisma.$transaction(async (tx) => {
      await closeAllDue(tx);
      return tx.ledgerSnapshot.findMany({
        where: { account: { key: `PROVIDER_PAYABLE:p${tenant.provider.id}:d${tenant.dealer.id}` } },
        orderBy: { day: "asc" },
      });
    });
    expect(await wrongSnapshots(tenant.dealer.id)).toEqual([]);
    expect(await pairBalance(prisma, tenant.provider.id, tenant.dealer.id, at("2026-11-26T00:00:00+03:00"))).toBe(
      "100.00",
    );
    expect(pairSnapshots.map((s) => [s.day.toISOString().slice(0, 10), s.balance.toFixed(2)])).toEqual([
      ["2026-11-21", "-20.00"],
      ["2026-11-23", "-100.00"],
    ]);
  });
});
