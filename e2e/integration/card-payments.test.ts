import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { refundCardPayment } from "@/lib/domain/cards/refund-card-payment";
import { blockCustomer } from "@/lib/domain/customers/block-customer";
import { prisma } from "@/lib/base/db/prisma";
import { SANDBOX_SIGNATURE_HEADER } from "@/lib/integrations/connectors/sandbox-card/wire";
import { signMessage } from "@/lib/integrations/gateways/shared-secret";
import { startCallbackReceiver, verifyAsReceiver } from "../support/callback-receiver";
import { createTenant } from "../support/fixtures";
import { chargedAtSandboxAcquirer } from "../support/sandbox-acquirer";
import { httpRequest } from "../support/http";
import { signedRequest } from "../support/signed-request";
import { noteText } from "../support/notes";

const baseUrl = inject("baseUrl");
const card = {
  username: "ayse.k",
  user_id: "u-9",
  firstname: "Ayşe",
  lastname: "Kaya",
  email: "ayse@example.com",
  phone: "+905551112233",
  amount: 150,
  description: "Order 77",
};
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  receiver = await startCallbackReceiver((_n, req) => ({
    status: 200,
    body: req.headers["x-api-key"]?.toString().startsWith("dk_") ? '{"success":true}' : "OK",
  }));
});
afterAll(() => receiver.close());

async function tenant() {
  return createTenant({ callbackUrl: receiver.url, dealerCallbackUrl: receiver.url });
}

async function pay(t: Awaited<ReturnType<typeof tenant>>, body: Record<string, unknown> = {}) {
  return signedRequest(baseUrl, "/api/provider/credit-card/payment", t.creds, {
    body: { credential_key: t.site.credential_key, ...card, ...body },
  });
}

function notify(body: Record<string, unknown>, signature?: string) {
  const raw = JSON.stringify(body);
  return httpRequest({
    url: `${baseUrl}/api/webhooks/acquirer`,
    body: raw,
    headers: {
      "content-type": "application/json",
      [SANDBOX_SIGNATURE_HEADER]: signature ?? signMessage("card-acquirer", raw),
    },
  });
}

const status = (t: Awaited<ReturnType<typeof tenant>>, code: string) =>
  signedRequest(baseUrl, "/api/provider/credit-card/status", t.creds, { body: { tracking_code: code } });

describe("POST /api/provider/credit-card/payment", () => {
  it("creates a pending CC- payment; the hash has no credential key, which travels in the body", async () => {
    const t = await tenant();
    const res = await pay(t);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["data", "message", "success"]);
    expect(res.json.data).toEqual({
      tracking_code: expect.stringMatching(/^CC-[A-Z0-9]{8}-\d{10}$/),
      payment_url: expect.stringMatching(/\/pay\/[A-Za-z0-9_-]{32}$/),
      order_id: expect.stringMatching(/^ORD-[A-Z0-9]{12}$/),
      amount: 150,
      currency: "TRY",
    });
    const withCredentialInHash = await signedRequest(baseUrl, "/api/provider/credit-card/payment", t.creds, {
      middle: [t.site.credential_key],
      body: { credential_key: t.site.credential_key, ...card },
    });
    expect(withCredentialInHash.json.error).toBe("Invalid hash");
  });

  it("answers the spec's 401 and 403 texts, and 422 below the minimum", async () => {
    const t = await tenant();
    const other = await tenant();
    expect((await pay(t, { credential_key: other.site.credential_key })).json).toMatchObject({
      success: false,
      message: "Invalid credential key",
    });
    expect((await pay(t, { credential_key: other.site.credential_key })).status).toBe(401);
    await blockCustomer({ providerId: t.provider.id, userId: card.user_id }, { label: "test" });
    const blocked = await pay(t);
    expect(blocked.status).toBe(403);
    expect(blocked.json).toMatchObject({ success: false, message: "This customer is blocked. Payment not allowed." });
    await prisma.dealer.update({ where: { id: t.dealer.id }, data: { creditCardEnabled: false } });
    const disabled = await pay(t, { user_id: "someone" });
    expect(disabled.status).toBe(403);
    expect(disabled.json).toMatchObject({
      success: false,
      message: "Credit card payment is not enabled for this dealer",
    });
    const small = await pay(other, { amount: 0.99, email: "not-an-email" });
    expect(small.status).toBe(422);
    expect(small.json.messages).toEqual(
      expect.arrayContaining(["amount must be at least 1", "email must be a valid email address"]),
    );
  });
});

describe("the acquirer's notification decides; callbacks carry the spec's bodies", () => {
  it("approved -> success, once; the status record has ISO 8601 times with the offset", async () => {
    const t = await tenant();
    const data = (await pay(t)).json.data as Record<string, string>;
    expect((await notify({ orderId: data.order_id, status: "approved" }, "0".repeat(64))).status).toBe(401);
    expect((await status(t, data.tracking_code!)).json.data).toMatchObject({ status: "pending" });
    expect((await notify({ orderId: data.order_id, status: "approved", authCode: "A1B2" })).json).toEqual({
      success: true,
      status: "applied",
    });
    expect((await notify({ orderId: data.order_id, status: "approved", authCode: "A1B2" })).json).toEqual({
      success: true,
      status: "duplicate",
    });
    // A contradicting verdict is not applied, but recorded and raised for staff.
    expect((await notify({ orderId: data.order_id, status: "declined", errorCode: "CARD_DECLINED" })).json).toEqual({
      success: true,
      status: "conflict",
    });
    expect(
      await prisma.alert.count({
        where: { transaction: { trackingCode: data.tracking_code }, kind: "outcome_conflict" },
      }),
    ).toBe(1);
    const record = (await status(t, data.tracking_code!)).json.data as Record<string, unknown>;
    expect(record).toEqual({
      tracking_code: data.tracking_code,
      order_id: data.order_id,
      status: "success",
      amount: 150,
      currency: "TRY",
      username: "ayse.k",
      user_id: "u-9",
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/),
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/),
    });
    const [callback] = await receiver.forTrackingCode(data.tracking_code!);
    expect(verifyAsReceiver(callback!, t.creds.apiKey, t.creds.secretKey)).toBe(true);
    expect(Object.keys(callback!.body)).toEqual([
      "tracking_code",
      "order_id",
      "status",
      "amount",
      "currency",
      "username",
      "user_id",
      "site_id",
      "customer_name",
      "customer_email",
      "timestamp",
      "hash",
    ]);
    expect(callback!.body).toMatchObject({
      status: "success",
      amount: 150,
      currency: "TRY",
      site_id: t.site.id,
      customer_name: "Ayşe Kaya",
      customer_email: "ayse@example.com",
    });
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: data.tracking_code } })).toBe(1);
  });

  it("a decline keeps it open for another card; the third fails it with error_code and error_message; cancelled -> cancelled", async () => {
    const t = await tenant();
    const declined = (await pay(t)).json.data as Record<string, string>;
    await notify({
      orderId: declined.order_id,
      status: "declined",
      errorCode: "INSUFFICIENT_FUNDS",
      errorMessage: "Insufficient funds",
    });
    expect((await status(t, declined.tracking_code!)).json.data).toMatchObject({ status: "pending" });
    const payment = await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: declined.tracking_code } });
    for (const n of [2, 3])
      await prisma.cardAttempt.create({
        data: { transactionId: payment.id, number: n, orderId: `${declined.order_id}-${n}` },
      });
    await notify({
      orderId: `${declined.order_id}-3`,
      status: "declined",
      errorCode: "INSUFFICIENT_FUNDS",
      errorMessage: "Insufficient funds",
    });
    const [failed] = await receiver.forTrackingCode(declined.tracking_code!);
    expect(failed!.body).toMatchObject({
      status: "failed",
      error_code: "INSUFFICIENT_FUNDS",
      error_message: "Insufficient funds",
    });
    const cancelled = (await pay(t)).json.data as Record<string, string>;
    await notify({ orderId: cancelled.order_id, status: "cancelled" });
    const [c] = await receiver.forTrackingCode(cancelled.tracking_code!);
    expect(c!.body).toMatchObject({ status: "cancelled" });
    expect(c!.body.error_code).toBeUndefined();
  });

  it("15 minutes without completion -> failed TIMEOUT; a late approval is recorded and raised for a refund, never dropped", async () => {
    const t = await tenant();
    const data = (await pay(t)).json.data as Record<string, string>;
    const row = await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: data.tracking_code } });
    expect(row.expiresAt!.getTime() - row.createdAt.getTime()).toBe(15 * 60 * 1000);
    await prisma.transaction.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const [callback] = await receiver.forTrackingCode(data.tracking_code!);
    expect(callback!.body).toMatchObject({ status: "failed", error_code: "TIMEOUT" });
    expect((await notify({ orderId: data.order_id, status: "approved", authCode: "LATE1" })).json.status).toBe(
      "conflict",
    );
    expect((await notify({ orderId: data.order_id, status: "approved", authCode: "LATE1" })).json.status).toBe(
      "conflict",
    );
    expect((await status(t, data.tracking_code!)).json.data).toMatchObject({ status: "failed" });
    // The charge the acquirer reports is in the payment's history and in the console's "needs attention" queue, once.
    const alerts = await prisma.alert.findMany({ where: { transactionId: row.id } });
    expect(alerts).toEqual([
      expect.objectContaining({ kind: "late_card_approval", source: "card-acquirer", resolvedAt: null }),
    ]);
    const notes = (
      await prisma.transactionEvent.findMany({ where: { transactionId: row.id }, orderBy: { id: "asc" } })
    ).map(noteText);
    expect(notes.some((n) => n.startsWith("Not applied: card-acquirer reported approved (auth code LATE1)"))).toBe(
      true,
    );
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: data.tracking_code } })).toBe(1);
  });

  it("staff refund a successful payment: refunded in the status query, no callback", async () => {
    const t = await tenant();
    const data = (await pay(t)).json.data as Record<string, string>;
    await notify({ orderId: data.order_id, status: "approved" });
    await receiver.forTrackingCode(data.tracking_code!);
    const row = await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: data.tracking_code } });
    await chargedAtSandboxAcquirer(data.order_id!);
    await refundCardPayment(row.id, { label: "ops" }, "customer request");
    expect((await status(t, data.tracking_code!)).json.data).toMatchObject({ status: "refunded" });
    await expect(refundCardPayment(row.id, { label: "ops" })).rejects.toMatchObject({ code: "INVALID_TRANSITION" });
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: data.tracking_code } })).toBe(1);
    const other = await tenant();
    expect((await status(other, data.tracking_code!)).status).toBe(404);
  });
});

describe("dealer card payments", () => {
  it("minimum 200 TRY; a status query; the dealer callback body with success true and completed_at", async () => {
    const t = await tenant();
    const body = {
      username: "mehmet",
      firstname: "Mehmet",
      lastname: "Yılmaz",
      email: "m@example.com",
      phone: "+905550000000",
    };
    const small = await signedRequest(baseUrl, "/api/dealer/credit-card/payment", t.dealerCreds, {
      body: { ...body, amount: "199.99" },
    });
    expect(small.status).toBe(422);
    expect(small.json.messages).toEqual(["amount must be at least 200"]);
    const res = await signedRequest(baseUrl, "/api/dealer/credit-card/payment", t.dealerCreds, {
      body: { ...body, amount: "200" },
    });
    expect(res.json).toMatchObject({
      success: true,
      message: expect.any(String),
      data: { amount: 200, currency: "TRY" },
    });
    const data = res.json.data as Record<string, string>;
    await notify({ orderId: data.order_id, status: "approved" });
    const [callback] = await receiver.forTrackingCode(data.tracking_code!);
    expect(verifyAsReceiver(callback!, t.dealerCreds.apiKey, t.dealerCreds.secretKey)).toBe(true);
    expect(callback!.body).toMatchObject({
      success: true,
      status: "success",
      amount: 200,
      customer_name: "Mehmet Yılmaz",
      customer_phone: "+905550000000",
      status_message: expect.any(String),
      completed_at: expect.stringMatching(/T\d{2}:\d{2}:\d{2}$/),
    });
    const query = await signedRequest(
      baseUrl,
      `/api/dealer/credit-card/status?tracking_code=${data.tracking_code}`,
      t.dealerCreds,
      { method: "GET" },
    );
    expect(query.json.data).toMatchObject({ tracking_code: data.tracking_code, status: "success" });
    await prisma.dealer.update({ where: { id: t.dealer.id }, data: { creditCardEnabled: false } });
    const off = await signedRequest(baseUrl, "/api/dealer/credit-card/payment", t.dealerCreds, {
      body: { ...body, amount: 300 },
    });
    expect(off.json).toMatchObject({ success: false, message: "Credit card payment is not enabled for this dealer" });
  });
});
