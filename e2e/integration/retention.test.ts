import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { pruneExpiredRecords } from "@/lib/domain/jobs/prune-expired-records";
import { ownDatabase } from "../support/own-database";

// Its own database: the shared server's housekeeping would prune these rows under the test.
ownDatabase();

const HOUR = 3600_000;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);

async function idempotencyRecord(key: string, createdAt: Date, lockedUntil: Date | null = null) {
  await prisma.idempotencyRecord.create({
    data: {
      scope: "retention",
      key,
      requestHash: "h",
      statusCode: lockedUntil ? 0 : 200,
      responseBody: { card: "answer" },
      createdAt,
      lockedUntil,
    },
  });
}

async function attempt(deliveryId: number, attemptNumber: number, startedAt: Date) {
  return prisma.callbackAttempt.create({
    data: {
      deliveryId,
      attemptNumber,
      startedAt,
      durationMs: 12,
      requestHeaders: { "x-hash": "abc" },
      requestBody: '{"amount":"10.00"}',
      statusCode: 500,
      responseExcerpt: "oops",
      succeeded: false,
    },
  });
}

describe("retention (pruneExpiredRecords)", () => {
  it("forgets expired idempotency records, old callback bodies and ended rate-limit windows, and keeps the rest", async () => {
    await idempotencyRecord("old", ago(49 * HOUR));
    await idempotencyRecord("recent", ago(30 * HOUR));
    await idempotencyRecord("old-but-held", ago(49 * HOUR), new Date(Date.now() + 60_000));

    const delivery = await prisma.callbackDelivery.create({
      data: { kind: "TEST", url: "https://cb.example", trackingCode: "RET-1", status: "APPROVED", payload: { a: 1 } },
    });
    const old = await attempt(delivery.id, 1, ago(91 * 24 * HOUR));
    const young = await attempt(delivery.id, 2, ago(89 * 24 * HOUR));

    await prisma.rateLimitEntry.createMany({
      data: [
        { key: "retention:ended", points: 5, expire: BigInt(ago(2 * HOUR).getTime()) },
        { key: "retention:open", points: 3, expire: BigInt(Date.now() + 60_000) },
      ],
    });

    const report = await pruneExpiredRecords(now);
    expect(report).toEqual({ idempotency_records: 1, callback_attempt_bodies: 1, rate_limit_buckets: 1 });

    const keys = (await prisma.idempotencyRecord.findMany({ where: { scope: "retention" } })).map((r) => r.key).sort();
    expect(keys).toEqual(["old-but-held", "recent"]);

    // The old attempt row stays, its history intact; only what was sent and answered is forgotten.
    const prunedAttempt = await prisma.callbackAttempt.findUniqueOrThrow({ where: { id: old.id } });
    expect(prunedAttempt).toMatchObject({
      requestBody: null,
      responseExcerpt: null,
      statusCode: 500,
      durationMs: 12,
      succeeded: false,
    });
    expect((await prisma.callbackAttempt.findUniqueOrThrow({ where: { id: young.id } })).requestBody).toBe(
      '{"amount":"10.00"}',
    );

    const windows = await prisma.rateLimitEntry.findMany({ where: { key: { startsWith: "retention:" } } });
    expect(windows.map((w) => w.points)).toEqual([3]);

    // Idempotent: a second run has nothing left to do.
    expect(await pruneExpiredRecords(now)).toEqual({
      idempotency_records: 0,
      callback_attempt_bodies: 0,
      rate_limit_buckets: 0,
    });
  });

  it("takes its periods from the settings", async () => {
    process.env.IDEMPOTENCY_RETENTION_HOURS = "72";
    try {
      await idempotencyRecord("fifty-hours", ago(50 * HOUR));
      expect((await pruneExpiredRecords(now)).idempotency_records).toBe(0);
      process.env.IDEMPOTENCY_RETENTION_HOURS = "12";
      await expect(pruneExpiredRecords(now)).rejects.toThrow(/at least 24/);
    } finally {
      delete process.env.IDEMPOTENCY_RETENTION_HOURS;
    }
    expect((await pruneExpiredRecords(now)).idempotency_records).toBe(1);
  });
});
