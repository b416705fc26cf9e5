import { afterEach, describe, expect, it, vi } from "vitest";
import { buildCallbackPayload } from "@/lib/domain/callbacks/callback-payload";
import { postCallback } from "@/lib/domain/callbacks/post-callback";
import { RETRY_DELAYS_MS } from "@/lib/domain/callbacks/retry-schedule";
import { prisma } from "@/lib/base/db/prisma";
import type { CallbackKind, Prisma } from "@/lib/generated/prisma/client";
import { deliverDueCallbacks } from "@/lib/domain/jobs/deliver-due-callbacks";
import { startCallbackReceiver, verifyAsReceiver } from "../support/callback-receiver";
import { dueDeliveries } from "../support/due-deliveries";
import { createTenant } from "../support/fixtures";
import { ownDatabase } from "../support/own-database";
import { insertTransaction } from "../support/transactions";

// A database of its own and a controllable clock: no runner but the calls below ever sees these
// deliveries (the shared database's pending callbacks of other files would be due at any future time,
// and one claim takes only so many).
ownDatabase();
let clock = Date.UTC(2100, 0, 1) + Math.floor(Math.random() * 1e9);
const MINUTE = 60_000;
const receivers: Awaited<ReturnType<typeof startCallbackReceiver>>[] = [];

afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function receiverWith(reply: Parameters<typeof startCallbackReceiver>[0]) {
  const r = await startCallbackReceiver(reply);
  receivers.push(r);
  return r;
}

async function dueDelivery(url: string, kind: CallbackKind = "PROVIDER_DEPOSIT", tenantOptions = {}) {
  const start = (clock += 10 * 24 * 3600 * 1000);
  const tenant = await createTenant({ callbackUrl: url, dealerCallbackUrl: url, ...tenantOptions });
  const tx = await insertTransaction(
    tenant,
    kind === "PROVIDER_DEPOSIT"
      ? { status: "completed" }
      : {
          direction: "PAYMENT",
          method: "CREDIT_CARD",
          origin: kind === "DEALER_CARD" ? "DEALER" : "PROVIDER",
          status: "success",
          orderId: `ORD-${start}`,
        },
  );
  const delivery = await prisma.callbackDelivery.create({
    data: {
      kind,
      transactionId: tx.id,
      providerId: kind === "DEALER_CARD" ? null : tenant.provider.id,
      dealerId: kind === "DEALER_CARD" ? tenant.dealer.id : null,
      url,
      trackingCode: tx.trackingCode,
      status: tx.status,
      payload: buildCallbackPayload(kind, tx) as Prisma.InputJsonValue,
      nextAttemptAt: new Date(start),
    },
  });
  return { tenant, delivery, start };
}

const run = (at: number, runnerId = "test-runner") => deliverDueCallbacks(prisma, { now: new Date(at), runnerId });
// Deliveries left pending by earlier tests are due too; look only at the one under test.
const attempted = async (id: number, at: number) => (await run(at)).outcomes.some((o) => o.deliveryId === id);
const load = (id: number) =>
  prisma.callbackDelivery.findUniqueOrThrow({
    where: { id },
    include: { attempts: { orderBy: { attemptNumber: "asc" } } },
  });

describe("retry schedule with a controllable clock", () => {
  it("receiver answers 500 then 200: delivered on the second attempt a minute later, both attempts logged", async () => {
    const receiver = await receiverWith((n) => (n === 1 ? { status: 500, body: "boom" } : { status: 200, body: "OK" }));
    const { delivery, start, tenant } = await dueDelivery(receiver.url);
    await run(start);
    let state = await load(delivery.id);
    expect(state).toMatchObject({ state: "PENDING", attemptCount: 1, lastError: "HTTP 500" });
    expect(state.nextAttemptAt.getTime()).toBe(start + MINUTE);
    expect(await attempted(delivery.id, start + MINUTE - 1000)).toBe(false);
    await run(start + MINUTE);
    state = await load(delivery.id);
    expect(state).toMatchObject({ state: "DELIVERED", attemptCount: 2 });
    expect(state.attempts.map((a) => [a.attemptNumber, a.statusCode, a.responseExcerpt, a.succeeded])).toEqual([
      [1, 500, "boom", false],
      [2, 200, "OK", true],
    ]);
    expect(state.attempts[0]!.durationMs).toBeGreaterThanOrEqual(0);
    // Each attempt is signed afresh and verifies on its own.
    expect(receiver.received.map((c) => verifyAsReceiver(c, tenant.creds.apiKey, tenant.creds.secretKey))).toEqual([
      true,
      true,
    ]);
    expect(receiver.received.map((c) => c.headers["x-delivery-attempt"])).toEqual(["1", "2"]);
  });

  it("a receiver that hangs is cut off after 10 s and counted as a failed attempt", async () => {
    const receiver = await receiverWith(() => "hang");
    const { delivery, start } = await dueDelivery(receiver.url);
    const started = Date.now();
    await run(start);
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_900);
    const state = await load(delivery.id);
    expect(state).toMatchObject({ state: "PENDING", attemptCount: 1, lastError: "timed out after 10 s" });
    expect(state.attempts[0]).toMatchObject({ statusCode: null, succeeded: false, error: "timed out after 10 s" });
  }, 20_000);

  it("a receiver down for the first hours gets the callback when back, at the schedule's times", async () => {
    let down = true;
    const receiver = await receiverWith(() => (down ? "drop" : { status: 200 }));
    const { delivery, start } = await dueDelivery(receiver.url);
    let at = start;
    const attemptTimes: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await attempted(delivery.id, at - 1)).toBe(false);
      await run(at);
      attemptTimes.push(at);
      const state = await load(delivery.id);
      expect(state).toMatchObject({ state: "PENDING", attemptCount: attempt });
      at = state.nextAttemptAt.getTime();
    }
    expect(attemptTimes.map((t) => t - start)).toEqual([0, MINUTE, 6 * MINUTE, 21 * MINUTE, 81 * MINUTE]);
    down = false; // back after about two hours; the next attempt is three hours after the fifth
    expect(at - start).toBe(261 * MINUTE);
    await run(at);
    const state = await load(delivery.id);
    expect(state).toMatchObject({ state: "DELIVERED", attemptCount: 6 });
    expect(state.attempts.filter((a) => a.succeeded)).toHaveLength(1);
    expect(state.attempts[0]!.error).toBeTruthy();
  });

  it("after nine failed attempts (the last 24 h after the eighth) the delivery is exhausted", async () => {
    const receiver = await receiverWith(() => ({ status: 503 }));
    const { delivery, start } = await dueDelivery(receiver.url);
    let at = start;
    for (let i = 0; i < 9; i++) {
      await run(at);
      at = (await load(delivery.id)).nextAttemptAt.getTime();
    }
    const state = await load(delivery.id);
    expect(state.state).toBe("EXHAUSTED");
    expect(state.attempts).toHaveLength(9);
    expect(receiver.received).toHaveLength(9);
    expect(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBe((1 + 5 + 15 + 60 + 180 + 360 + 720 + 1440) * MINUTE);
    expect(await attempted(delivery.id, at + 365 * 24 * 60 * MINUTE)).toBe(false);
  });

  it("two runners at once send each delivery exactly once", async () => {
    const receiver = await receiverWith(() => ({ status: 200 }));
    const at = (clock += 10 * 24 * 3600 * 1000);
    const ids = await dueDeliveries(receiver.url, 20, new Date(at));
    const [a, b] = await Promise.all([run(at, "runner-a"), run(at, "runner-b")]);
    expect(a.claimed + b.claimed).toBeGreaterThanOrEqual(20);
    const mine = receiver.received.map((c) => Number(c.headers["x-delivery-id"])).filter((id) => ids.includes(id));
    expect(mine.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(await prisma.callbackAttempt.count({ where: { deliveryId: { in: ids } } })).toBe(20);
  });

  it("a runner that died mid-send leaves a lease that expires; another runner then delivers", async () => {
    const receiver = await receiverWith(() => ({ status: 200 }));
    const { delivery, start } = await dueDelivery(receiver.url);
    await prisma.callbackDelivery.update({
      where: { id: delivery.id },
      data: { lockedBy: "dead-runner", lockedUntil: new Date(start + MINUTE) },
    });
    expect(await attempted(delivery.id, start + 30_000)).toBe(false);
    await run(start + MINUTE + 1000);
    expect(await load(delivery.id)).toMatchObject({ state: "DELIVERED", attemptCount: 1 });
    expect(receiver.received).toHaveLength(1);
  });

  it("dealer card callbacks need HTTP 200 and a JSON body whose success is true", async () => {
    const receiver = await receiverWith((n) =>
      n === 1 ? { status: 200, body: '{"success":false}' } : { status: 200, body: '{"success":true}' },
    );
    const { delivery, start, tenant } = await dueDelivery(receiver.url, "DEALER_CARD");
    await run(start);
    expect(await load(delivery.id)).toMatchObject({ state: "PENDING", lastError: "HTTP 200 without success true" });
    await run(start + MINUTE);
    expect((await load(delivery.id)).state).toBe("DELIVERED");
    const body = receiver.received[0]!.body;
    expect(body).toMatchObject({
      success: true,
      status: "success",
      currency: "TRY",
      status_message: expect.any(String),
      completed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    });
    expect(verifyAsReceiver(receiver.received[0]!, tenant.dealerCreds.apiKey, tenant.dealerCreds.secretKey)).toBe(true);
  });
});

describe("SSRF guard", () => {
  it("in production refuses callback URLs that resolve to anything but public addresses unless allowed", async () => {
    const receiver = await receiverWith(() => ({ status: 200 }));
    // Stubbed, so Vitest puts both back as found (unset stays unset, never the text "undefined").
    try {
      vi.stubEnv("NODE_ENV", "production");
      vi.stubEnv("CALLBACK_ALLOW_PRIVATE_NETWORKS", "false");
      const refused = await postCallback(receiver.url.replace("127.0.0.1", "localhost"), {}, "{}");
      expect(refused.statusCode).toBeNull();
      expect(refused.error).toBe("refused: localhost resolves only to addresses that are not public");
      expect((await postCallback(receiver.url, {}, "{}")).error).toBe(
        "refused: the callback URL must not point at 127.0.0.1, which is not a public address",
      );
      expect((await postCallback("http://[::1]:9/x", {}, "{}")).error).toMatch(/::1, which is not a public address/);
      expect((await postCallback("http://169.254.169.254/latest/meta-data", {}, "{}")).error).toMatch(
        /169\.254\.169\.254, which is not a public address/,
      );
      expect((await postCallback("ftp://example.test/x", {}, "{}")).error).toMatch(/invalid callback URL/);
      expect(receiver.received).toHaveLength(0);
      vi.stubEnv("CALLBACK_ALLOW_PRIVATE_NETWORKS", "true");
      expect((await postCallback(receiver.url, {}, "{}")).statusCode).toBe(200);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
