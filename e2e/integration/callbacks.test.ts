import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { note } from "@/lib/base/messages/notes";
import { resendDelivery } from "@/lib/domain/callbacks/resend-delivery";
import { sendTestCallback } from "@/lib/domain/callbacks/send-test-callback";
import { prisma } from "@/lib/base/db/prisma";
import { staffActor } from "@/lib/domain/transactions/transition-actor";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { startCallbackReceiver, verifyAsReceiver } from "../support/callback-receiver";
import { createTenant } from "../support/fixtures";
import { httpRequest } from "../support/http";
import { approveWithFourEyes, insertTransaction } from "../support/transactions";

const baseUrl = inject("baseUrl");
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
});
afterAll(() => receiver.close());

describe("transactional outbox (decisions §6)", () => {
  it("writes the callback in the same database transaction as the state change", async () => {
    const tenant = await createTenant({ callbackUrl: receiver.url });
    const deposit = await insertTransaction(tenant);
    await expect(
      prisma.$transaction(async (tx) => {
        await transitionTransaction(tx, {
          id: deposit.id,
          to: "completed",
          actor: staffActor({ label: "test", viaCli: true }),
        });
        throw new Error("crash before commit");
      }),
    ).rejects.toThrow("crash before commit");
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: deposit.id } })).status).toBe("pending");
    expect(await prisma.callbackDelivery.count({ where: { transactionId: deposit.id } })).toBe(0);
    expect(await prisma.transactionEvent.count({ where: { transactionId: deposit.id } })).toBe(0);
  });

  it("refuses a second transition from a state that no longer holds (409), with one callback only", async () => {
    const tenant = await createTenant({ callbackUrl: receiver.url });
    const deposit = await insertTransaction(tenant);
    const approve = () =>
      prisma.$transaction((tx) =>
        transitionTransaction(tx, {
          id: deposit.id,
          to: "completed",
          actor: staffActor({ label: "test", viaCli: true }),
        }),
      );
    const results = await Promise.allSettled(Array.from({ length: 8 }, approve));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected"))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "INVALID_TRANSITION" });
    expect(await prisma.callbackDelivery.count({ where: { transactionId: deposit.id } })).toBe(1);
    const history = await prisma.transactionEvent.findMany({ where: { transactionId: deposit.id } });
    expect(history).toEqual([
      expect.objectContaining({ fromStatus: "pending", toStatus: "completed", actorType: "CLI" }),
    ]);
  });
});

describe("delivery by the running service", () => {
  it("an approval produces a signed callback that a receiver written from the spec can verify", async () => {
    const tenant = await createTenant({ callbackUrl: receiver.url });
    const deposit = await insertTransaction(tenant, { amount: "150.00" });
    // Another amount than requested: proposed by one admin, confirmed by a second (four eyes).
    await approveWithFourEyes(deposit.id, { label: "ops@test" }, "149.50", "149,50 TL arrived");
    const [callback] = await receiver.forTrackingCode(deposit.trackingCode);
    expect(verifyAsReceiver(callback!, tenant.creds.apiKey, tenant.creds.secretKey)).toBe(true);
    expect(callback!.body).toEqual({
      tracking_code: deposit.trackingCode,
      status: "completed",
      amount: 149.5,
      username: "ayse.k",
      fullname: "Ayşe Kaya",
      user_id: "user-42",
      site_id: tenant.site.id,
      timestamp: expect.any(Number),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(Object.keys(callback!.body)).toEqual([
      "tracking_code",
      "status",
      "amount",
      "username",
      "fullname",
      "user_id",
      "site_id",
      "timestamp",
      "hash",
    ]);
    const delivery = await prisma.callbackDelivery.findFirstOrThrow({
      where: { transactionId: deposit.id },
      include: { attempts: true },
    });
    expect(callback!.headers["x-delivery-id"]).toBe(String(delivery.id));
    expect(callback!.headers["x-delivery-attempt"]).toBe("1");
    await expect
      .poll(async () => (await prisma.callbackDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).state)
      .toBe("DELIVERED");
    const attempt = await prisma.callbackAttempt.findFirstOrThrow({ where: { deliveryId: delivery.id } });
    expect(attempt).toMatchObject({
      attemptNumber: 1,
      statusCode: 200,
      responseExcerpt: "OK",
      succeeded: true,
      error: null,
    });
  });

  it("withdrawal callbacks carry the recipient iban; resend sends the same callback again with a fresh signature", async () => {
    const tenant = await createTenant({ callbackUrl: receiver.url });
    const withdrawal = await insertTransaction(tenant, {
      direction: "WITHDRAWAL",
      iban: "TR330006100519786457841326",
      amount: "300.00",
    });
    const ops = staffActor({ label: "test", viaCli: true });
    const { deliveryIds } = await prisma.$transaction(async (tx) => {
      await transitionTransaction(tx, { id: withdrawal.id, to: "processing", actor: ops, note: note("taken") });
      return transitionTransaction(tx, {
        id: withdrawal.id,
        to: "rejected",
        actor: ops,
        note: note("rejected", { reason: "name mismatch" }),
      });
    });
    const [first] = await receiver.forTrackingCode(withdrawal.trackingCode);
    expect(first!.body).toMatchObject({
      tracking_code: withdrawal.trackingCode,
      status: "rejected",
      amount: 300,
      iban: "TR330006100519786457841326",
    });
    await expect
      .poll(async () => (await prisma.callbackDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } })).state)
      .toBe("DELIVERED");
    await resendDelivery(deliveryIds[0]!, { label: "test" });
    const [, second] = await receiver.forTrackingCode(withdrawal.trackingCode, 2);
    expect(second!.body.tracking_code).toBe(withdrawal.trackingCode);
    expect(second!.headers["x-delivery-attempt"]).toBe("2");
    expect(verifyAsReceiver(second!, tenant.creds.apiKey, tenant.creds.secretKey)).toBe(true);
  });

  it("sends a signed test callback to a configured URL", async () => {
    const tenant = await createTenant({ callbackUrl: receiver.url });
    const sent = await sendTestCallback({ target: "deposit", providerId: tenant.provider.id }, { label: "test" });
    const [callback] = await receiver.forTrackingCode(sent.tracking_code);
    expect(callback!.body).toMatchObject({ tracking_code: sent.tracking_code, status: "completed", test: true });
    expect(verifyAsReceiver(callback!, tenant.creds.apiKey, tenant.creds.secretKey)).toBe(true);
    const bare = await createTenant();
    await expect(
      sendTestCallback({ target: "withdrawal", providerId: bare.provider.id }, { label: "test" }),
    ).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("runs jobs in-process when Inngest is not configured, and says so at /api/inngest", async () => {
    const res = await httpRequest({ url: `${baseUrl}/api/inngest`, method: "GET" });
    expect(res.status).toBe(404);
    expect(res.json.message).toMatch(/run in-process/);
  });
});
