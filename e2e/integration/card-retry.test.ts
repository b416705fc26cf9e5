import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { expireTransaction } from "@/lib/domain/jobs/expire-transactions";
import { SANDBOX_SIGNATURE_HEADER } from "@/lib/integrations/connectors/sandbox-card/wire";
import { signMessage } from "@/lib/integrations/gateways/shared-secret";
import {
  answerSandboxChallenge,
  cancelSandboxCheckout,
  submitSandboxCard,
} from "@/lib/integrations/sandbox/acquirer/sandbox-checkout";
import { SANDBOX_OTP } from "@/lib/integrations/sandbox/acquirer/test-cards";
import { startCallbackReceiver } from "../support/callback-receiver";
import { paymentPageText, postPageForm, pressButton, pressPayByCard } from "../support/card-journey";
import { createTenant } from "../support/fixtures";
import { httpRequest } from "../support/http";
import { signedRequest } from "../support/signed-request";

/**
 * "Try another card": a decline leaves the card payment open until it expires (at most three attempts), each
 * attempt a new order at the acquirer under the same tracking code, and the provider hears once, of the
 * final outcome. The customer's browser is played over real HTTP: our page's forms as posted without
 * scripts, the sandbox acquirer's card form and 3-D step, and its signed return to our return URL.
 */

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
const CARDS = { approve: "4242424242424242", insufficientFunds: "4000000000009995" };
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
});
afterAll(() => receiver.close());

type Tenant = Awaited<ReturnType<typeof createTenant>>;

async function pay(t: Tenant) {
  const res = await signedRequest(baseUrl, "/api/provider/credit-card/payment", t.creds, {
    body: { credential_key: t.site.credential_key, ...card },
  });
  expect(res.status).toBe(200);
  const data = res.json.data as { tracking_code: string; order_id: string; payment_url: string };
  return { ...data, token: data.payment_url.split("/pay/")[1]! };
}

/** "Pay by card" / "Try another card": the sandbox acquirer's session it opened. */
async function openCheckout(paymentUrl: string) {
  const url = new URL(await pressPayByCard(paymentUrl));
  expect(url.pathname).toMatch(/^\/sandbox\/acquirer\/pay\/cs_/);
  return prisma.sandboxAcquirerSession.findUniqueOrThrow({ where: { id: url.pathname.split("/").pop()! } });
}

/** The acquirer's answer page sends the browser to our return URL; where we send it on. */
async function backFromAcquirer(redirect: string | null | undefined) {
  expect(redirect).toBeTruthy();
  const res = await httpRequest({ url: redirect!, method: "GET" });
  expect(res.status).toBe(303);
  return String(res.headers.location);
}

async function declinedAtAcquirer(sessionId: string) {
  return backFromAcquirer(
    (await submitSandboxCard(sessionId, { number: CARDS.insufficientFunds, expiry: "12/34", cvc: "123" })).redirect,
  );
}

async function approvedAtAcquirer(sessionId: string) {
  expect(
    (await submitSandboxCard(sessionId, { number: CARDS.approve, expiry: "12/34", cvc: "123" })).challenge,
  ).toBeTruthy();
  return backFromAcquirer((await answerSandboxChallenge(sessionId, SANDBOX_OTP)).redirect);
}

function notify(body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  return httpRequest({
    url: `${baseUrl}/api/webhooks/acquirer`,
    body: raw,
    headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signMessage("card-acquirer", raw) },
  });
}

const payment = (code: string) =>
  prisma.transaction.findUniqueOrThrow({
    where: { trackingCode: code },
    include: { events: { orderBy: { id: "asc" } }, cardAttempts: { orderBy: { number: "asc" } } },
  });
const deliveries = (code: string) => prisma.callbackDelivery.findMany({ where: { trackingCode: code } });
const settle = () => new Promise((r) => setTimeout(r, 1500));

describe("a declined card can be retried until the payment expires", () => {
  it("declined, then another card: a new order at the acquirer, same tracking code, one callback for the success", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const p = await pay(t);
    const first = await openCheckout(p.payment_url);
    expect(first.orderId).toBe(p.order_id);
    expect(await declinedAtAcquirer(first.id)).toBe(`${baseUrl}/pay/${p.token}?lang=en`);

    const open = await payment(p.tracking_code);
    expect(open.status).toBe("pending");
    expect(open.cardAttempts.map((a) => [a.number, a.orderId, a.status, a.errorCode])).toEqual([
      [1, p.order_id, "declined", "INSUFFICIENT_FUNDS"],
    ]);
    // The decline is the lifecycle's pending -> pending move by the acquirer, written in the history; no callback is owed.
    expect(open.events.map((e) => [e.fromStatus, e.toStatus, e.noteKey])).toEqual([
      [null, "pending", "created"],
      ["pending", "pending", "attemptDeclined"],
    ]);
    await settle();
    expect(await deliveries(p.tracking_code)).toEqual([]);
    const page = await paymentPageText(`${p.payment_url}?lang=en`);
    expect(page).toContain("Your card was declined");
    expect(page).toContain("the card has insufficient funds.");
    expect(page).toContain("Try another card");
    expect(page).toContain("2 tries left");

    const second = await openCheckout(p.payment_url);
    expect(second.orderId).toBe(`${p.order_id}-2`);
    expect(await approvedAtAcquirer(second.id)).toBe(`${baseUrl}/pay/${p.token}?lang=en`);
    const paid = await payment(p.tracking_code);
    expect(paid.status).toBe("success");
    expect(paid.cardAttempts.map((a) => [a.number, a.status])).toEqual([
      [1, "declined"],
      [2, "approved"],
    ]);
    // The card as the acquirer showed it in its signed return: brand and last four, never more of the number.
    expect(paid.cardAttempts[1]).toMatchObject({ cardBrand: "VISA", cardLast4: "4242" });
    expect(paid.cardAttempts[0]).toMatchObject({ cardLast4: null });
    const [callback] = await receiver.forTrackingCode(p.tracking_code);
    expect(callback!.body).toMatchObject({
      status: "success",
      tracking_code: p.tracking_code,
      order_id: p.order_id,
      amount: 150,
    });
    // The acquirer's notification and the browser's return of both attempts, heard again: nothing changes.
    expect((await notify({ orderId: p.order_id, status: "declined", errorCode: "INSUFFICIENT_FUNDS" })).json).toEqual({
      success: true,
      status: "duplicate",
    });
    expect((await notify({ orderId: `${p.order_id}-2`, status: "approved", authCode: "X1" })).json).toEqual({
      success: true,
      status: "duplicate",
    });
    await settle();
    expect(await deliveries(p.tracking_code)).toHaveLength(1);
  }, 90_000);

  it("a late approval of the declined first attempt after the second paid is a second charge: recorded and raised, no second callback", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const p = await pay(t);
    await declinedAtAcquirer((await openCheckout(p.payment_url)).id);
    await approvedAtAcquirer((await openCheckout(p.payment_url)).id);
    await receiver.forTrackingCode(p.tracking_code);
    expect((await notify({ orderId: p.order_id, status: "approved", authCode: "LATE" })).json).toEqual({
      success: true,
      status: "conflict",
    });
    const row = await payment(p.tracking_code);
    expect(row.status).toBe("success");
    expect(row.cardAttempts.map((a) => a.status)).toEqual(["approved", "approved"]);
    expect(await prisma.alert.findMany({ where: { transactionId: row.id }, select: { kind: true } })).toEqual([
      { kind: "second_card_charge" },
    ]);
    await settle();
    expect(await deliveries(p.tracking_code)).toHaveLength(1);
  }, 90_000);

  it("three declines fail it with the last decline's code: one failed callback, nothing more to try", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const p = await pay(t);
    for (const n of [1, 2, 3]) {
      const session = await openCheckout(p.payment_url);
      expect(session.orderId).toBe(n === 1 ? p.order_id : `${p.order_id}-${n}`);
      const res = await notify({
        orderId: session.orderId,
        status: "declined",
        errorCode: n === 3 ? "CARD_DECLINED" : "INSUFFICIENT_FUNDS",
        errorMessage: "Declined",
      });
      expect(res.json).toEqual({ success: true, status: "applied" });
      expect((await payment(p.tracking_code)).status).toBe(n === 3 ? "failed" : "pending");
    }
    const [callback] = await receiver.forTrackingCode(p.tracking_code);
    expect(callback!.body).toMatchObject({ status: "failed", error_code: "CARD_DECLINED" });
    const page = await paymentPageText(`${p.payment_url}?lang=en`);
    expect(page).toContain("Payment failed");
    expect(page).not.toContain("Try another card");
    await settle();
    expect(await deliveries(p.tracking_code)).toHaveLength(1);
  }, 90_000);

  it("declined, then the time runs out: failed with the decline's code, not TIMEOUT; one callback", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const p = await pay(t);
    await declinedAtAcquirer((await openCheckout(p.payment_url)).id);
    const row = await prisma.transaction.update({
      where: { trackingCode: p.tracking_code },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await expireTransaction(prisma, row.id, new Date());
    const [callback] = await receiver.forTrackingCode(p.tracking_code);
    expect(callback!.body).toMatchObject({ status: "failed", error_code: "INSUFFICIENT_FUNDS" });
    // A decline heard after the payment ended agrees with it: recorded, nothing else.
    expect(
      (await notify({ orderId: p.order_id, status: "declined", errorCode: "INSUFFICIENT_FUNDS" })).json.status,
    ).toBe("duplicate");
    await settle();
    expect(await deliveries(p.tracking_code)).toHaveLength(1);
  }, 60_000);

  it("a message naming another payment's order is refused, however it is addressed", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const p = await pay(t);
    const q = await pay(t);
    const session = await openCheckout(q.payment_url);
    // q's signed return, brought to p's return URL: verified against p's attempts only, so refused, nothing changes.
    const answer = await submitSandboxCard(session.id, {
      number: CARDS.insufficientFunds,
      expiry: "12/34",
      cvc: "123",
    });
    const forged = new URL(answer.redirect!);
    const res = await httpRequest({
      url: `${baseUrl}/api/returns/card/${p.token}?${forged.searchParams.toString()}`,
      method: "GET",
    });
    expect(res.status).toBe(303);
    expect((await payment(p.tracking_code)).cardAttempts).toEqual([]);
    expect((await payment(p.tracking_code)).events).toHaveLength(1);
  }, 60_000);
});

describe("a way back to the site", () => {
  it("the customer cancels on our card page: cancelled, one callback, and back to the site with the outcome", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const p = await pay(t);
    const back = await pressButton(p.payment_url, "en", (b) => b.includes("Yes, cancel this payment"));
    expect(back).toBe(`https://site.example/back?status=cancelled&tracking_code=${p.tracking_code}`);
    expect((await payment(p.tracking_code)).status).toBe("cancelled");
    const [callback] = await receiver.forTrackingCode(p.tracking_code);
    expect(callback!.body).toMatchObject({ status: "cancelled" });
  }, 60_000);

  it('the acquirer\'s "cancel and return to the site" lands on the site, told the outcome and the tracking code', async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const p = await pay(t);
    const session = await openCheckout(p.payment_url);
    const landed = await backFromAcquirer((await cancelSandboxCheckout(session.id)).redirect);
    expect(landed).toBe(`https://site.example/back?status=cancelled&tracking_code=${p.tracking_code}`);
    expect((await payment(p.tracking_code)).status).toBe("cancelled");
    expect((await receiver.forTrackingCode(p.tracking_code))[0]!.body).toMatchObject({ status: "cancelled" });
  }, 60_000);

  it("a site made before return URLs were required: the cancel shows our final page instead", async () => {
    const t = await createTenant({ callbackUrl: receiver.url, returnUrl: null });
    const p = await pay(t);
    const res = await postPageForm(p.payment_url, "en", (b) => b.includes("Yes, cancel this payment"));
    expect(res.status).toBe(200);
    expect((await payment(p.tracking_code)).status).toBe("cancelled");
    expect(await paymentPageText(`${p.payment_url}?lang=en`)).toContain("Payment cancelled");
  }, 60_000);
});
