import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { setDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { inquireCardPayments } from "@/lib/domain/cards/inquire-card-payments";
import { startPaytrSimulator, type PaytrSimulator } from "../simulators/paytr/server";
import { notificationSignature, type Merchant } from "../simulators/paytr/wire";
import { admin, adminAsync } from "../support/admin-cli";
import { startCallbackReceiver, verifyAsReceiver } from "../support/callback-receiver";
import { paymentPageText, pressPayByCard, startProductionServer } from "../support/card-journey";
import { createTenant } from "../support/fixtures";
import { httpRequest } from "../support/http";
import { noteText } from "../support/notes";
import { signedRequest } from "../support/signed-request";
import type { AppServer } from "../support/test-stack";

/**
 * PayTR's iFrame API through the app: a production build with the sandbox off, a dealer whose acquirer is PayTR
 * pointing at the simulated PayTR (one store per dealer, its panel's notification URL set to the dealer's own
 * address), and the customer over real HTTP: our payment page, our card-step page framing PayTR's page, the
 * card in the frame, PayTR's notification to our server (answered OK), the frame's way back to our return URL.
 */

const stackEnv = inject("stackEnv");
const customer = { username: "ayse.k", user_id: "u-9", firstname: "Ayşe", lastname: "Kaya", email: "ayse@example.com", phone: "+905551112233" };
const APPROVE = "4355 0843 5508 4358";
const DECLINE = "4000000000000002";
let server: AppServer;
let paytr: PaytrSimulator;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  paytr = await startPaytrSimulator({ retryEveryMs: 300 });
  receiver = await startCallbackReceiver();
  server = await startProductionServer(stackEnv);
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await paytr?.stop();
});

type Tenant = Awaited<ReturnType<typeof createTenant>> & { store: Merchant; notifyUrl: string };
type Payment = { tracking_code: string; order_id: string; payment_url: string; token: string };

const paytrConfig = (store: Merchant) => ({ ...store, baseUrl: paytr.url, timeoutMs: 5000 });

/** A dealer with its own PayTR store, whose panel's notification URL is the dealer's address here. */
async function paytrTenant(how: "cli" | "domain" = "domain"): Promise<Tenant> {
  const t = await createTenant({ acquirer: null, callbackUrl: receiver.url });
  const store = paytr.addMerchant();
  const notifyUrl = `${server.baseUrl}/api/webhooks/acquirer/dealers/${t.dealer.id}`;
  paytr.setNotificationUrl(store.merchantId, notifyUrl);
  if (how === "domain") await setDealerAcquirer(t.dealer.id, "paytr", paytrConfig(store), { label: "test" });
  return { ...t, store, notifyUrl };
}

async function providerPayment(t: Tenant, amount = 150): Promise<Payment> {
  const res = await signedRequest(server.baseUrl, "/api/provider/credit-card/payment", t.creds, { body: { credential_key: t.site.credential_key, ...customer, amount } });
  expect(res.status).toBe(200);
  const data = res.json.data as Omit<Payment, "token">;
  return { ...data, token: data.payment_url.split("/pay/")[1]! };
}

const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n))).replace(/&amp;/g, "&");

/** "Pay by card" -> our card-step page, whose policy frames PayTR's origin only: the frame's URL. */
async function atTheFrame(p: Payment): Promise<string> {
  const step = await pressPayByCard(p.payment_url);
  expect(step).toBe(`${server.baseUrl}/api/pay/${p.token}/card-step?lang=en`);
  const res = await fetch(step);
  expect(res.status).toBe(200);
  const csp = res.headers.get("content-security-policy")!;
  expect(/frame-src ([^;]+)/.exec(csp)?.[1]).toBe(paytr.url);
  expect(/form-action ([^;]+)/.exec(csp)?.[1]).toBe(paytr.url);
  const src = /<iframe[^>]*src="([^"]+)"/.exec(await res.text())?.[1];
  expect(src).toMatch(new RegExp(`^${paytr.url}/odeme/guvenli/`));
  return unescape(src!);
}

/** The card in PayTR's frame; PayTR notifies us, then the frame's end page links to our return URL. */
async function payInFrame(frameUrl: string, card: string, action: "pay" | "cancel" = "pay"): Promise<string> {
  expect((await fetch(frameUrl)).status).toBe(200);
  const end = await fetch(frameUrl, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ cc_owner: "AYSE KAYA", card_number: card, expiry: "12/30", cvv: "000", action }) });
  const next = /<a id="next" href="([^"]+)"/.exec(await end.text())?.[1];
  await paytr.settled();
  return unescape(next!);
}

const row = (code: string) => prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code }, include: { events: true } });
const postNotification = (url: string, fields: Record<string, string>) => httpRequest({ url, body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded" }, checkResponse: false });
const sentFor = (p: Payment) => paytr.state.notifications.filter((n) => n.oid === p.order_id.replace("-", ""));

async function paid(t: Tenant, amount = 150): Promise<Payment & { id: number }> {
  const p = await providerPayment(t, amount);
  await payInFrame(await atTheFrame(p), APPROVE);
  await receiver.forTrackingCode(p.tracking_code);
  return { ...p, id: (await row(p.tracking_code)).id };
}

describe("PayTR through a production build with the sandbox off", () => {
  it("a production build with the sandbox off takes a PayTR card payment end to end (acquirer set by the CLI)", async () => {
    const t = await paytrTenant("cli");
    const refused = admin("acquirer:set", "--dealer", String(t.dealer.id), "--connector", "paytr", "--config", JSON.stringify({ merchantId: t.store.merchantId, merchantKey: t.store.merchantKey, baseUrl: paytr.url }));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("merchantSalt");
    const set = admin("acquirer:set", "--dealer", String(t.dealer.id), "--connector", "paytr", "--config", JSON.stringify(paytrConfig(t.store)));
    expect(set.code, set.stderr).toBe(0);
    // The CLI names the address on its own PUBLIC_BASE_URL (the run's); the dealer's path is what the panel needs.
    expect(set.json()).toMatchObject({ connector: "paytr", usable: true, notification_url: `${inject("baseUrl")}/api/webhooks/acquirer/dealers/${t.dealer.id}`, config: { merchantId: t.store.merchantId, merchantKey: "••••" + t.store.merchantKey.slice(-4) } });
    expect((await adminAsync("acquirer:test", "--dealer", String(t.dealer.id))).json()).toMatchObject({ ok: true });

    const p = await providerPayment(t);
    const back = await payInFrame(await atTheFrame(p), APPROVE);
    // PayTR's notification, answered OK, decided the payment before the customer came back.
    expect((await row(p.tracking_code)).status).toBe("success");
    expect(sentFor(p)).toEqual([expect.objectContaining({ acknowledged: true, attempts: [expect.objectContaining({ status: 200, answer: "OK" })] })]);
    expect(back).toBe(`${server.baseUrl}/api/returns/card/${p.token}?lang=en`);
    const res = await httpRequest({ url: back, method: "GET", checkResponse: false });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${server.baseUrl}/pay/${p.token}?lang=en`);
    const [callback] = await receiver.forTrackingCode(p.tracking_code);
    expect(callback!.body).toMatchObject({ status: "success", tracking_code: p.tracking_code, order_id: p.order_id, amount: 150 });
    expect(verifyAsReceiver(callback!, t.creds.apiKey, t.creds.secretKey)).toBe(true);
    expect(await paymentPageText(String(res.headers.location))).toContain("Payment successful");
  }, 150_000);

  it("declined in the frame: the payment stays open; another card is a new merchant_oid; a late repeat of the decline changes nothing; leaving the frame cancels", async () => {
    const t = await paytrTenant();
    const p = await providerPayment(t);
    await payInFrame(await atTheFrame(p), DECLINE);
    expect((await row(p.tracking_code)).status).toBe("pending");
    expect(await prisma.cardAttempt.findMany({ where: { transaction: { trackingCode: p.tracking_code } }, select: { orderId: true, status: true, errorCode: true, errorMessage: true } })).toEqual([
      { orderId: p.order_id, status: "declined", errorCode: "0", errorMessage: "Declined by the card's bank (Kart limiti yetersiz)" },
    ]);
    // Another card: attempt 2 at PayTR under its own merchant_oid (<order_id>-2 without the hyphen), found on
    // the dealer's notification address by that reference.
    await payInFrame(await atTheFrame(p), APPROVE);
    expect((await row(p.tracking_code)).status).toBe("success");
    const attempts = await prisma.cardAttempt.findMany({ where: { transaction: { trackingCode: p.tracking_code } }, orderBy: { number: "asc" }, select: { orderId: true, status: true, partnerReference: true } });
    expect(attempts).toEqual([
      { orderId: p.order_id, status: "declined", partnerReference: p.order_id.replace("-", "") },
      { orderId: `${p.order_id}-2`, status: "approved", partnerReference: `${p.order_id}-2`.replace(/-/g, "") },
    ]);
    const [callback] = await receiver.forTrackingCode(p.tracking_code);
    expect(callback!.body).toMatchObject({ status: "success", order_id: p.order_id });
    // PayTR repeats the first attempt's decline: verified against that attempt, answered OK, nothing moves.
    const again = await postNotification(t.notifyUrl, sentFor(p)[0]!.body);
    expect([again.status, again.text]).toEqual([200, "OK"]);
    expect((await row(p.tracking_code)).status).toBe("success");
    await new Promise((r) => setTimeout(r, 1000));
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: p.tracking_code } })).toBe(1);
    const q = await providerPayment(t);
    await payInFrame(await atTheFrame(q), "", "cancel");
    expect(await row(q.tracking_code)).toMatchObject({ status: "cancelled", errorCode: "6" });
  });

  it("PayTR's notification again (it repeats until OK) is answered OK and changes nothing: one callback", async () => {
    const t = await paytrTenant();
    const p = await paid(t);
    const body = sentFor(p)[0]!.body;
    for (let i = 0; i < 3; i++) {
      const again = await postNotification(t.notifyUrl, body);
      expect([again.status, again.text]).toEqual([200, "OK"]);
    }
    expect((await row(p.tracking_code)).events.filter((e) => e.toStatus === "success")).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: p.tracking_code } })).toBe(1);
  });

  it("a forged or tampered notification is refused (not OK) and changes nothing; the genuine one then applies", async () => {
    const t = await paytrTenant();
    const other = await paytrTenant();
    const p = await providerPayment(t);
    const frame = await atTheFrame(p);
    paytr.holdNotifications(true);
    try {
      await fetch(frame, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ card_number: APPROVE, expiry: "12/30", cvv: "000", action: "pay" }) });
      const genuine = sentFor(p)[0]!.body;
      const oid = genuine.merchant_oid!;
      const forgeries = [
        { ...genuine, hash: notificationSignature({ merchantKey: "guessed", merchantSalt: t.store.merchantSalt }, oid, "success", genuine.total_amount!) },
        { ...genuine, total_amount: "1", hash: notificationSignature({ merchantKey: "guessed", merchantSalt: "guessed" }, oid, "success", "1") },
        // Signed with the store's real keys, but for another amount: a leaked key cannot move another amount.
        { ...genuine, total_amount: "99", hash: notificationSignature(t.store, oid, "success", "99") },
        // Another dealer's store signing our payment, posted to our address and to its own.
        { ...genuine, hash: notificationSignature(other.store, oid, "success", genuine.total_amount!) },
        { ...genuine, hash: "" },
      ];
      for (const forged of forgeries) {
        const res = await postNotification(t.notifyUrl, forged);
        expect(res.status).not.toBe(200);
        expect(res.text).not.toBe("OK");
      }
      expect((await postNotification(other.notifyUrl, genuine)).text).not.toBe("OK");
      expect((await postNotification(`${server.baseUrl}/api/webhooks/acquirer/dealers/999999999`, genuine)).text).not.toBe("OK");
      const untouched = await row(p.tracking_code);
      expect(untouched.status).toBe("pending");
      expect(untouched.events).toHaveLength(1);
    } finally {
      paytr.holdNotifications(false);
    }
    await paytr.settled();
    expect((await row(p.tracking_code)).status).toBe("success");
  });

  it("abandoned in the frame: TIMEOUT after the 15 minutes; PayTR's inquiry has no payment, so it stays", async () => {
    const t = await paytrTenant();
    const p = await providerPayment(t);
    await atTheFrame(p);
    const before = await row(p.tracking_code);
    await prisma.transaction.update({ where: { id: before.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const [callback] = await receiver.forTrackingCode(p.tracking_code);
    expect(callback!.body).toMatchObject({ status: "failed", error_code: "TIMEOUT" });
    expect((await inquireCardPayments(new Date(), { force: true }))[p.order_id]).toBe("error");
    expect(await row(p.tracking_code)).toMatchObject({ status: "failed", errorCode: "TIMEOUT" });
  });

  it("paid after the timeout: recorded and raised for a refund, answered OK, the payment stays failed, no second callback", async () => {
    const t = await paytrTenant();
    const p = await providerPayment(t);
    const frame = await atTheFrame(p);
    await prisma.transaction.update({ where: { trackingCode: p.tracking_code }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await receiver.forTrackingCode(p.tracking_code);
    await payInFrame(frame, APPROVE);
    expect(sentFor(p)[0]).toMatchObject({ acknowledged: true });
    const after = await row(p.tracking_code);
    expect(after.status).toBe("failed");
    expect(after.events.some((e) => noteText(e).startsWith("Not applied: card-acquirer reported approved"))).toBe(true);
    expect(await prisma.alert.findMany({ where: { transactionId: after.id } })).toEqual([expect.objectContaining({ kind: "late_card_approval", resolvedAt: null })]);
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: p.tracking_code } })).toBe(1);
  });

  it("refunds through the CLI: part, then the rest; PayTR's refusal is said and nothing is recorded as refunded", async () => {
    const t = await paytrTenant();
    const p = await paid(t);
    const part = await adminAsync("transaction:refund", p.tracking_code, "--amount", "40.00", "--reason", "one item back");
    expect(part.code, part.stderr).toBe(0);
    expect(part.json()).toMatchObject({ tracking_code: p.tracking_code, status: "success", refunded: "40.00", refunded_total: "40.00" });
    const rest = await adminAsync("transaction:refund", p.tracking_code);
    expect(rest.json()).toEqual({ tracking_code: p.tracking_code, status: "refunded", refunded: "110.00", refunded_total: "150.00" });
    expect(paytr.state.payment(t.store.merchantId, p.order_id.replace("-", ""))!.refunds.map((r) => r.amount)).toEqual([4000, 11000]);

    const q = await paid(t);
    paytr.refuseRefunds(true);
    try {
      const refused = await adminAsync("transaction:refund", q.tracking_code);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain("010");
    } finally {
      paytr.refuseRefunds(false);
    }
    expect((await row(q.tracking_code)).status).toBe("success");
    expect(await prisma.cardRefund.findMany({ where: { transactionId: q.id } })).toEqual([expect.objectContaining({ status: "refused", errorCode: "010" })]);
  }, 120_000);

  it("status inquiry recovers a notification PayTR could not deliver: one callback, the late notification a duplicate", async () => {
    const t = await paytrTenant();
    const p = await providerPayment(t);
    const frame = await atTheFrame(p);
    paytr.holdNotifications(true);
    try {
      await fetch(frame, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ card_number: APPROVE, expiry: "12/30", cvv: "000", action: "pay" }) });
      expect((await row(p.tracking_code)).status).toBe("pending");
      await prisma.transaction.update({ where: { trackingCode: p.tracking_code }, data: { createdAt: new Date(Date.now() - 5 * 60_000) } });
      expect((await inquireCardPayments(new Date(), { force: true }))[p.order_id]).toBe("applied");
    } finally {
      paytr.holdNotifications(false);
    }
    await paytr.settled();
    const done = await row(p.tracking_code);
    expect(done.status).toBe("success");
    expect(done.events.filter((e) => e.toStatus === "success")).toHaveLength(1);
    expect((await receiver.forTrackingCode(p.tracking_code))[0]!.body).toMatchObject({ status: "success" });
    await new Promise((r) => setTimeout(r, 1000));
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: p.tracking_code } })).toBe(1);
  });

  it("two tabs and a double click get the same PayTR frame: one token per payment", async () => {
    const t = await paytrTenant();
    const tokens = () => paytr.calls.filter((c) => c === "/odeme/api/get-token").length;
    const p = await providerPayment(t);
    const before = tokens();
    const first = await atTheFrame(p);
    const again = await Promise.all([atTheFrame(p), atTheFrame(p)]);
    expect(again).toEqual([first, first]);
    expect(tokens() - before).toBe(1);
    expect((await row(p.tracking_code)).gatewayReference).toBe(p.order_id.replace("-", ""));
  });
});
