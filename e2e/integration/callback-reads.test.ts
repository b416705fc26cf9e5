/**
 * The callbacks an integrator owes a look at when its receiver was down: each callback with its attempts,
 * and a resend through the API (the console's resend: fresh timestamp and hash, audited, rate limited), for
 * providers and dealers, with a real receiver on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { formatDateTime } from "@/lib/base/time/format";
import { ACQUIRER, staffActor } from "@/lib/domain/transactions/transition-actor";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { startCallbackReceiver, verifyAsReceiver, type ReceivedCallback } from "../support/callback-receiver";
import { consoleSession, pageText } from "../support/console-session";
import { createTenant } from "../support/fixtures";
import { signedRequest, type Credentials, type SiteCredentials } from "../support/signed-request";
import { issueSiteIntegration } from "../support/site-integrations";
import { insertTransaction } from "../support/transactions";

const baseUrl = inject("baseUrl");
const STAFF = staffActor({ label: "ops@reads.test", viaCli: true });
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
let dealerReceiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  // Down for the first attempt (the hour the provider's engineer lost), up from then on.
  receiver = await startCallbackReceiver((n) =>
    n === 1 ? { status: 503, body: "down" } : { status: 200, body: "OK" },
  );
  dealerReceiver = await startCallbackReceiver(() => ({ status: 200, body: JSON.stringify({ success: true }) }));
});
afterAll(async () => {
  await receiver.close();
  await dealerReceiver.close();
});

const post = (creds: Credentials | SiteCredentials, path: string, body: unknown) =>
  signedRequest(baseUrl, path, creds, { body });
const get = (creds: Credentials | SiteCredentials, path: string, query: Record<string, string>) =>
  signedRequest(baseUrl, `${path}?${new URLSearchParams(query)}`, creds, { method: "GET" });
const withoutSignature = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([key]) => key !== "timestamp" && key !== "hash"));

type CallbackList = {
  callbacks: {
    status: string;
    state: string;
    attempts: { attempt: number; http_status: number | null; duration_ms: number; error: string | null }[];
  }[];
};

describe("provider callbacks and resend", () => {
  it("lists the attempts, resends the final callback with a fresh signature and the same body, once a minute", async () => {
    const tenant = await createTenant({ callbackUrl: receiver.url });
    const deposit = await insertTransaction(tenant, { status: "pending" });
    expect((await post(tenant.creds, "/api/provider/callbacks", { tracking_code: deposit.trackingCode })).json).toEqual(
      { success: true, tracking_code: deposit.trackingCode, callbacks: [] },
    );
    const early = await post(tenant.creds, "/api/provider/callbacks/resend", { tracking_code: deposit.trackingCode });
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ success: false, error: "No callback to resend" });

    await prisma.$transaction((tx) => transitionTransaction(tx, { id: deposit.id, to: "completed", actor: STAFF }));
    const [first] = await receiver.forTrackingCode(deposit.trackingCode, 1);
    await expect
      .poll(
        async () =>
          await prisma.callbackAttempt.count({ where: { delivery: { transactionId: deposit.id }, inFlight: false } }),
        { timeout: 15_000 },
      )
      .toBe(1);
    const listed = (await post(tenant.creds, "/api/provider/callbacks", { tracking_code: deposit.trackingCode }))
      .json as unknown as CallbackList;
    expect(listed.callbacks).toEqual([
      expect.objectContaining({
        status: "completed",
        state: "pending",
        attempts: [expect.objectContaining({ attempt: 1, http_status: 503, error: "HTTP 503" })],
      }),
    ]);

    // A second later, so the fresh timestamp differs from the first one.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const resent = await post(tenant.creds, "/api/provider/callbacks/resend", { tracking_code: deposit.trackingCode });
    expect(resent.status, resent.text).toBe(200);
    expect(resent.json).toEqual({
      success: true,
      message: "The callback is being sent again",
      tracking_code: deposit.trackingCode,
      status: "completed",
      state: "pending",
    });
    const [, second] = await receiver.forTrackingCode(deposit.trackingCode, 2);
    expect(verifyAsReceiver(second!, tenant.creds.apiKey, tenant.creds.secretKey)).toBe(true);
    expect(second!.body.timestamp as number).toBeGreaterThan(first!.body.timestamp as number);
    expect(second!.body.hash).not.toBe(first!.body.hash);
    expect(withoutSignature(second!.body)).toEqual(withoutSignature(first!.body));
    expect(Object.keys(second!.body)).toEqual(Object.keys(first!.body));

    const again = await post(tenant.creds, "/api/provider/callbacks/resend", { tracking_code: deposit.trackingCode });
    expect(again.status).toBe(429);
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);
    expect(again.json).toEqual({
      success: false,
      error: "Too many requests",
      message: expect.stringContaining(deposit.trackingCode),
    });
    expect(
      receiver.received.filter((c: ReceivedCallback) => c.body.tracking_code === deposit.trackingCode),
    ).toHaveLength(2);

    await expect
      .poll(
        async () => (await prisma.callbackDelivery.findFirstOrThrow({ where: { transactionId: deposit.id } })).state,
        { timeout: 15_000 },
      )
      .toBe("DELIVERED");
    const after = (await post(tenant.creds, "/api/provider/callbacks", { tracking_code: deposit.trackingCode }))
      .json as unknown as CallbackList;
    expect(after.callbacks[0]).toMatchObject({
      state: "delivered",
      attempts: [
        { attempt: 2, http_status: 200, error: null },
        { attempt: 1, http_status: 503 },
      ],
    });
    // Audited as the console's resend is, naming the API caller.
    const delivery = await prisma.callbackDelivery.findFirstOrThrow({ where: { transactionId: deposit.id } });
    const audit = await prisma.auditLog.findMany({
      where: { action: "callback.resend", entityId: String(delivery.id) },
    });
    expect(audit).toEqual([expect.objectContaining({ actorLabel: `API provider #${tenant.provider.id}` })]);
    // And the operator sees it in the console: the audit entry and the second attempt on the delivery's page.
    const admin = await consoleSession(baseUrl, "admin");
    const auditPage = pageText(
      (await admin.get(`/console/audit?entityType=callback_delivery&entityId=${delivery.id}`)).text,
    );
    expect(auditPage).toContain("1 matching");
    expect(auditPage).toContain(`API provider #${tenant.provider.id}`);
    const deliveryPage = pageText((await admin.get(`/console/deliveries/${delivery.id}`)).text);
    expect(deliveryPage).toContain("HTTP 503");
    expect(deliveryPage).toContain("HTTP 200");
  });

  it("answers another provider's code with 404 on both, and never counts its resends", async () => {
    const [mine, theirs] = await Promise.all([
      createTenant({ callbackUrl: receiver.url }),
      createTenant({ callbackUrl: receiver.url }),
    ]);
    const foreign = await insertTransaction(theirs);
    await prisma.$transaction((tx) => transitionTransaction(tx, { id: foreign.id, to: "completed", actor: STAFF }));
    for (const path of ["/api/provider/callbacks", "/api/provider/callbacks/resend"]) {
      const res = await post(mine.creds, path, { tracking_code: foreign.trackingCode });
      expect(res.status, path).toBe(404);
      expect(res.json).toEqual({
        success: false,
        error: "Not found",
        message: `No transaction ${foreign.trackingCode}.`,
      });
    }
    expect(
      (await post(theirs.creds, "/api/provider/callbacks/resend", { tracking_code: foreign.trackingCode })).status,
    ).toBe(200);
  });
});

describe("resends that have nothing to send", () => {
  it("refuse a callback whose receiver has no URL (409 No callback URL), leaving it stopped, never queued to fail", async () => {
    const tenant = await createTenant();
    const deposit = await insertTransaction(tenant, { status: "pending" });
    await prisma.$transaction((tx) => transitionTransaction(tx, { id: deposit.id, to: "completed", actor: STAFF }));
    const resend = await post(tenant.creds, "/api/provider/callbacks/resend", { tracking_code: deposit.trackingCode });
    expect(resend.status, resend.text).toBe(409);
    expect(resend.json).toEqual({
      success: false,
      error: "No callback URL",
      message: `The callback of ${deposit.trackingCode} has nowhere to go: no callback URL is set for it. Set the URL, then resend.`,
    });
    const delivery = await prisma.callbackDelivery.findFirstOrThrow({ where: { transactionId: deposit.id } });
    expect(delivery).toMatchObject({ state: "NO_URL", attemptCount: 0 });
    expect(await prisma.auditLog.count({ where: { action: "callback.resend", entityId: String(delivery.id) } })).toBe(
      0,
    );
  });

  it("say that a dealer's own deposit owes no callback at all, not that it is not final yet", async () => {
    const tenant = await createTenant({ dealerCallbackUrl: dealerReceiver.url });
    const deposit = await insertTransaction(tenant, {
      origin: "DEALER",
      providerId: null,
      siteId: null,
      method: "MANUAL_BANK",
      direction: "DEPOSIT",
      status: "pending",
    });
    await prisma.$transaction((tx) => transitionTransaction(tx, { id: deposit.id, to: "completed", actor: STAFF }));
    const resend = await post(tenant.dealerCreds, "/api/dealer/callbacks/resend", {
      tracking_code: deposit.trackingCode,
    });
    expect(resend.status, resend.text).toBe(409);
    expect(resend.json).toEqual({
      success: false,
      error: "No callback to resend",
      message:
        `Transaction ${deposit.trackingCode} owes no callback: a dealer's own deposits and withdrawals are answered ` +
        "by the status endpoint only.",
    });
  });
});

describe("dealer variants", () => {
  it("read the dealer's own transactions, their callbacks and resend the card callback; integrations see only theirs, with the records scope", async () => {
    const tenant = await createTenant({ dealerCallbackUrl: dealerReceiver.url });
    const own = (extra: Parameters<typeof insertTransaction>[1] = {}) =>
      insertTransaction(tenant, {
        origin: "DEALER",
        providerId: null,
        siteId: null,
        method: "CREDIT_CARD",
        direction: "PAYMENT",
        orderId: `ORD-${randomCodeGroup()}`,
        ...extra,
      });
    const card = await own();
    await prisma.$transaction((tx) => transitionTransaction(tx, { id: card.id, to: "success", actor: ACQUIRER }));
    const [first] = await dealerReceiver.forTrackingCode(card.trackingCode, 1);
    const withdrawal = await own({
      method: "MANUAL_BANK",
      direction: "WITHDRAWAL",
      orderId: null,
      iban: "TR330006100519786457841326",
      status: "pending",
    });
    const providers = await insertTransaction(tenant);

    const status = await get(tenant.dealerCreds, "/api/dealer/transaction/status", {
      tracking_code: card.trackingCode,
    });
    expect(status.status, status.text).toBe(200);
    expect(status.json.data).toMatchObject({
      type: "payment",
      payment_method: "credit_card",
      status: "success",
      site: null,
      history: [{ status: "success", by: "acquirer" }],
    });
    expect(
      (await get(tenant.dealerCreds, "/api/dealer/transaction/status", { tracking_code: withdrawal.trackingCode })).json
        .data,
    ).toMatchObject({ type: "withdrawal", payment_method: "manual", iban: "TR330006100519786457841326" });
    expect(
      (await get(tenant.dealerCreds, "/api/dealer/transaction/status", { tracking_code: providers.trackingCode }))
        .status,
    ).toBe(404);
    expect(
      (await post(tenant.creds, "/api/provider/transaction/status", { tracking_code: card.trackingCode })).status,
    ).toBe(404);

    await prisma.transaction.updateMany({
      where: { id: { in: [card.id, withdrawal.id, providers.id] } },
      data: { createdAt: new Date(Date.now() - 120_000) },
    });
    const window = { from: formatDateTime(new Date(Date.now() - 3_600_000)), to: formatDateTime(new Date()) };
    const list = await get(tenant.dealerCreds, "/api/dealer/transaction/list", { ...window, limit: "1" });
    expect(list.status, list.text).toBe(200);
    const page1 = list.json as { data: { tracking_code: string }[]; next_cursor: string };
    const page2 = (
      await get(tenant.dealerCreds, "/api/dealer/transaction/list", {
        ...window,
        limit: "1",
        cursor: page1.next_cursor,
      })
    ).json as typeof page1;
    expect([...page1.data, ...page2.data].map((r) => r.tracking_code).sort()).toEqual(
      [card.trackingCode, withdrawal.trackingCode].sort(),
    );
    expect(page2.next_cursor).toBeNull();

    const callbacks = (await get(tenant.dealerCreds, "/api/dealer/callbacks", { tracking_code: card.trackingCode }))
      .json as unknown as CallbackList;
    expect(callbacks.callbacks).toEqual([expect.objectContaining({ status: "success" })]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(
      (await post(tenant.dealerCreds, "/api/dealer/callbacks/resend", { tracking_code: card.trackingCode })).status,
    ).toBe(200);
    const [, second] = await dealerReceiver.forTrackingCode(card.trackingCode, 2);
    expect(withoutSignature(second!.body)).toEqual(withoutSignature(first!.body));
    expect(second!.body.timestamp as number).toBeGreaterThan(first!.body.timestamp as number);
    expect(
      (await post(tenant.dealerCreds, "/api/dealer/callbacks/resend", { tracking_code: card.trackingCode })).status,
    ).toBe(429);

    const shop = await issueSiteIntegration(tenant.dealer.id, { scopes: ["records"] });
    const plain = await issueSiteIntegration(tenant.dealer.id, { scopes: ["settings", "deposits", "card-payments"] });
    const shopCard = await own({ siteIntegrationId: shop.id });
    expect(
      (await get(shop.creds, "/api/dealer/transaction/status", { tracking_code: shopCard.trackingCode })).status,
    ).toBe(200);
    expect((await get(shop.creds, "/api/dealer/transaction/status", { tracking_code: card.trackingCode })).status).toBe(
      404,
    );
    expect(
      (await get(tenant.dealerCreds, "/api/dealer/transaction/status", { tracking_code: shopCard.trackingCode }))
        .status,
    ).toBe(200);
    const refused = await get(plain.creds, "/api/dealer/transaction/status", { tracking_code: shopCard.trackingCode });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ success: false, error: "Scope not allowed" });
  });
});
