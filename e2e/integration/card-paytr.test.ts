import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { setDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { startPaytrSimulator, type PaytrSimulator } from "../simulators/paytr/server";
import { type Merchant } from "../simulators/paytr/wire";
import { admin } from "../support/admin-cli";
import { startCallbackReceiver } from "../support/callback-receiver";
import { pressPayByCard, startProductionServer } from "../support/card-journey";
import { createTenant } from "../support/fixtures";
import { httpRequest } from "../support/http";
import { signedRequest } from "../support/signed-request";
import type { AppServer } from "../support/test-stack";

/**
 * PayTR's iFrame API through the app: a production build with the sandbox off, a dealer whose acquirer is PayTR
 * pointing at the simulated PayTR (one store per dealer, its panel's notification URL set to the dealer's own
 * address), and the customer over real HTTP: our payment page, our card-step page framing PayTR's page, the
 * card in the frame, PayTR's notification to our server (answered OK), the frame's way back to our return URL.
 *
 * The journeys every card connector shares (approve, decline, abandon, forged returns, duplicates, late
 * approval, refunds, inquiry recovery) run in the conformance suite (connector-conformance-cards-1..3.test.ts);
 * this file keeps what only this partner has.
 */

const stackEnv = inject("stackEnv");
const customer = {
  username: "ayse.k",
  user_id: "u-9",
  firstname: "Ayşe",
  lastname: "Kaya",
  email: "ayse@example.com",
  phone: "+905551112233",
};
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
  const res = await signedRequest(server.baseUrl, "/api/provider/credit-card/payment", t.creds, {
    body: { credential_key: t.site.credential_key, ...customer, amount },
  });
  expect(res.status).toBe(200);
  const data = res.json.data as Omit<Payment, "token">;
  return { ...data, token: data.payment_url.split("/pay/")[1]! };
}

const unescape = (s: string) =>
  s.replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n))).replace(/&amp;/g, "&");

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
  const end = await fetch(frameUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ cc_owner: "AYSE KAYA", card_number: card, expiry: "12/30", cvv: "000", action }),
  });
  const next = /<a id="next" href="([^"]+)"/.exec(await end.text())?.[1];
  await paytr.settled();
  return unescape(next!);
}

const row = (code: string) =>
  prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code }, include: { events: true } });
const postNotification = (url: string, fields: Record<string, string>) =>
  httpRequest({
    url,
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    checkResponse: false,
  });
const sentFor = (p: Payment) => paytr.state.notifications.filter((n) => n.oid === p.order_id.replace("-", ""));

describe("PayTR through a production build with the sandbox off", () => {
  it("set by the CLI: the answer names the dealer's notification URL for PayTR's panel, the merchant key masked", async () => {
    const t = await paytrTenant("cli");
    const set = admin(
      "acquirer:set",
      "--dealer",
      String(t.dealer.id),
      "--connector",
      "paytr",
      "--config",
      JSON.stringify(paytrConfig(t.store)),
    );
    expect(set.code, set.stderr).toBe(0);
    // The CLI names the address on its own PUBLIC_BASE_URL (the run's); the dealer's path is what the panel needs.
    expect(set.json()).toMatchObject({
      connector: "paytr",
      configured: true,
      connection: "untested",
      notification_url: `${inject("baseUrl")}/api/webhooks/acquirer/dealers/${t.dealer.id}`,
      config: { merchantId: t.store.merchantId, merchantKey: "••••" },
    });
  }, 150_000);

  it("declined in the frame: the payment stays open; another card is a new merchant_oid; a late repeat of the decline changes nothing; leaving the frame cancels", async () => {
    const t = await paytrTenant();
    const p = await providerPayment(t);
    await payInFrame(await atTheFrame(p), DECLINE);
    expect((await row(p.tracking_code)).status).toBe("pending");
    expect(
      await prisma.cardAttempt.findMany({
        where: { transaction: { trackingCode: p.tracking_code } },
        select: { orderId: true, status: true, errorCode: true, errorMessage: true },
      }),
    ).toEqual([
      {
        orderId: p.order_id,
        status: "declined",
        errorCode: "0",
        errorMessage: "Declined by the card's bank (Kart limiti yetersiz)",
      },
    ]);
    // Another card: attempt 2 at PayTR under its own merchant_oid (<order_id>-2 without the hyphen), found on
    // the dealer's notification address by that reference.
    await payInFrame(await atTheFrame(p), APPROVE);
    expect((await row(p.tracking_code)).status).toBe("success");
    const attempts = await prisma.cardAttempt.findMany({
      where: { transaction: { trackingCode: p.tracking_code } },
      orderBy: { number: "asc" },
      select: { orderId: true, status: true, partnerReference: true },
    });
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

  it("the genuine notification posted to another dealer's address, or to no dealer's, is refused (not OK) and changes nothing; at ours it applies", async () => {
    const t = await paytrTenant();
    const other = await paytrTenant();
    const p = await providerPayment(t);
    const frame = await atTheFrame(p);
    paytr.holdNotifications(true);
    try {
      await fetch(frame, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ card_number: APPROVE, expiry: "12/30", cvv: "000", action: "pay" }),
      });
      const genuine = sentFor(p)[0]!.body;
      // (Forged and tampered notifications are the conformance suite's; this is PayTR's per-dealer address.)
      expect((await postNotification(other.notifyUrl, genuine)).text).not.toBe("OK");
      expect(
        (await postNotification(`${server.baseUrl}/api/webhooks/acquirer/dealers/999999999`, genuine)).text,
      ).not.toBe("OK");
      const untouched = await row(p.tracking_code);
      expect(untouched.status).toBe("pending");
      expect(untouched.events).toHaveLength(1);
    } finally {
      paytr.holdNotifications(false);
    }
    await paytr.settled();
    expect((await row(p.tracking_code)).status).toBe("success");
  });

  it("a customer who chose installments with interest: total_amount above the order is answered OK at once, credited the order's amount, and the difference raised", async () => {
    const t = await paytrTenant();
    const p = await providerPayment(t, 150);
    paytr.chargeInterest(1275);
    try {
      await payInFrame(await atTheFrame(p), APPROVE);
    } finally {
      paytr.chargeInterest(0);
    }
    const [sent] = sentFor(p);
    expect(sent!.body).toMatchObject({ status: "success", total_amount: "16275", payment_amount: "15000" });
    // Answered OK the first time: PayTR has nothing to post again every minute.
    expect(sent!.attempts.map((a) => [a.status, a.answer])).toEqual([[200, "OK"]]);
    const paid = await row(p.tracking_code);
    expect(paid).toMatchObject({ status: "success" });
    expect(paid.amount.toFixed(2)).toBe("150.00");
    const [callback] = await receiver.forTrackingCode(p.tracking_code);
    expect(callback!.body).toMatchObject({ status: "success", amount: 150 });
    const alerts = await prisma.alert.findMany({ where: { transactionId: paid.id } });
    expect(alerts).toEqual([
      expect.objectContaining({
        kind: "collected_more",
        details: { collected: "162.75", amount: "150.00" },
        messageKey: "collectedMore",
      }),
    ]);
    expect(paid.events.map((e) => e.noteKey)).toContain("collectedMore");
    // PayTR's repeat of it changes nothing and raises nothing again.
    expect((await postNotification(t.notifyUrl, sent!.body)).text).toBe("OK");
    expect(await prisma.alert.count({ where: { transactionId: paid.id } })).toBe(1);
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
