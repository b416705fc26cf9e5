import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { chooseDepositGateway } from "@/lib/domain/third-party/choose-deposit-gateway";
import { inquireOpenGatewayOrders } from "@/lib/domain/third-party/inquire-open-orders";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import {
  type NowpaymentsSimulator,
  SIMULATOR_DEFAULTS,
  startNowpaymentsSimulator,
} from "../simulators/nowpayments/server";
import { signIpn } from "../simulators/nowpayments/wire";
import { startCallbackReceiver, verifyAsReceiver } from "../support/callback-receiver";
import { createTenant, offerGateways } from "../support/fixtures";
import { httpRequest } from "../support/http";
import { callWithSite } from "../support/provider-calls";
import { noteText } from "../support/notes";
import { handedOver } from "../support/hand-over";
import { runsJobsForEveryRow } from "../support/time-travel-lock";

// Runs the status inquiry or the statement poller for every open row at a later time: one such file at a time.
runsJobsForEveryRow();

/**
 * NOWPayments through the app: a CRYPTO gateway configured with the `nowpayments` connector pointing at the
 * simulator; deposits through the provider API and the payment page, IPNs to the gateway's notify URL,
 * the status inquiry job, expiry on both sides, and payouts verified with the account's 2FA code.
 */

const baseUrl = inject("baseUrl");
const customer = { user_id: "u-31", username: "mert", fullname: "Mert Yıldız" };
const TRON = "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL";
const ACTOR = { label: "test" };
const later = (ms: number) => new Date(Date.now() + ms);
let sim: NowpaymentsSimulator;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  sim = await startNowpaymentsSimulator();
  receiver = await startCallbackReceiver();
});
afterAll(async () => {
  await sim.stop();
  await receiver.close();
});

function nowpaymentsGateway() {
  const suffix = randomCodeGroup(6).toLowerCase();
  return saveGateway(
    undefined,
    {
      method: "CRYPTO",
      name: `NOWPayments ${suffix}`,
      code: `c-np-${suffix}`,
      minAmount: "10",
      maxAmount: "50000",
      description: "crypto",
      isActive: true,
      requiredFields: ["crypto_type", "wallet_address"],
      supportedCryptoTypes: ["USDT-TRC20"],
      connector: "nowpayments",
      config: { ...SIMULATOR_DEFAULTS, baseUrl: sim.url, timeoutMs: 3000 },
    },
    ACTOR,
  );
}

const row = (trackingCode: string) => prisma.transaction.findUniqueOrThrow({ where: { trackingCode } });

/** A provider's crypto deposit; the customer picks the gateway and USDT-TRC20 on the payment page. */
async function deposit(t: Awaited<ReturnType<typeof createTenant>>, gatewayId: number, amount = 345) {
  await offerGateways(t.site.id, { id: gatewayId });
  const res = await callWithSite("/api/provider/third-party/crypto/start-deposit", t.creds, t.site.credential_key, {
    ...customer,
    amount,
  });
  expect(res.status).toBe(200);
  const data = res.json.data as Record<string, string>;
  const token = data.payment_url!.split("/pay/")[1]!;
  await chooseDepositGateway(token, gatewayId, "USDT-TRC20");
  const pending = await row(data.tracking_code!);
  expect(pending).toMatchObject({ status: "pending", gatewayId, gatewayReference: expect.stringMatching(/^\d+$/) });
  return {
    code: data.tracking_code!,
    token,
    paymentId: pending.gatewayReference!,
    notifyUrl: `${baseUrl}/api/webhooks/gateways/id/${gatewayId}`,
  };
}

const postIpn = (url: string, body: Record<string, unknown>, signature = signIpn(SIMULATOR_DEFAULTS.ipnSecret, body)) =>
  httpRequest({
    url,
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", "x-nowpayments-sig": signature },
  });

describe("a NOWPayments crypto deposit", () => {
  it("shows the pay address and amount, completes on the signed IPN, refuses a tampered one and ignores a repeat", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gateway = await nowpaymentsGateway();
    const d = await deposit(t, gateway.id);
    const payment = sim.state.payments.get(Number(d.paymentId))!;
    // What NOWPayments was asked: our TRY price, our clientRef, the gateway's notify URL.
    expect(payment).toMatchObject({
      price_amount: 345,
      price_currency: "try",
      pay_currency: "usdttrc20",
      order_id: d.code,
      ipn_callback_url: d.notifyUrl,
      pay_amount: 10,
    });

    const page = await httpRequest({ url: `${baseUrl}/pay/${d.token}`, method: "GET" });
    expect(page.status).toBe(200);
    expect(page.text).toContain(payment.pay_address);
    expect(page.text).toContain(`${payment.pay_amount} USDT`);

    sim.pay(d.paymentId);
    await sim.settled();
    const finished = sim.state.ipns.filter((i) => i.body.payment_status === "finished").at(-1)!;
    expect(finished).toMatchObject({ delivered: true, answer: 200 });
    const done = await row(d.code);
    expect(done).toMatchObject({ status: "completed" });
    expect(done.finalAmount?.toFixed(2) ?? done.amount.toFixed(2)).toBe("345.00");
    const [callback, ...more] = await receiver.forTrackingCode(d.code);
    expect(more).toHaveLength(0);
    expect(verifyAsReceiver(callback!, t.creds.apiKey, t.creds.secretKey)).toBe(true);
    expect(callback!.body).toMatchObject({
      status: "completed",
      amount: 345,
      type: "third_party_crypto_deposit",
      crypto_type: "USDT-TRC20",
      wallet_address: payment.pay_address,
    });

    // The same IPN again (NOWPayments repeats them): accepted, nothing changes, no second callback.
    const again = await postIpn(finished.url, finished.body, finished.signature);
    expect(again.status).toBe(200);
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: d.code } })).toBe(1);
  });

  it("a tampered IPN is refused and changes nothing", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gateway = await nowpaymentsGateway();
    const d = await deposit(t, gateway.id);
    sim.dropNextIpns(2);
    sim.pay(d.paymentId);
    await sim.settled();
    const signed = sim.state.ipns.at(-1)!;
    expect(signed.body.payment_status).toBe("finished");
    // The body changed under its signature.
    const forged = await postIpn(signed.url, { ...signed.body, price_amount: 3450 }, signed.signature);
    expect(forged.status).toBe(401);
    // Signed with another secret.
    const wrongKey = await postIpn(signed.url, signed.body, signIpn("not-the-ipn-secret", signed.body));
    expect(wrongKey.status).toBe(401);
    // Properly signed, but for an amount that is not the order's (a key leak cannot move another amount).
    const otherAmount = await postIpn(signed.url, { ...signed.body, price_amount: 3450 });
    expect(otherAmount.status).toBe(401);
    // Properly signed, but to another gateway's notify URL.
    const other = await nowpaymentsGateway();
    expect((await postIpn(`${baseUrl}/api/webhooks/gateways/id/${other.id}`, signed.body)).status).toBe(401);
    expect(await row(d.code)).toMatchObject({ status: "pending" });
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: d.code } })).toBe(0);
  });

  it("a lost IPN is recovered by the status inquiry job", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gateway = await nowpaymentsGateway();
    const d = await deposit(t, gateway.id);
    sim.dropNextIpns(2);
    sim.pay(d.paymentId);
    await sim.settled();
    expect(await row(d.code)).toMatchObject({ status: "pending" });
    // The job asks 50 open orders a pass, oldest first; other files' open orders may come before this one.
    for (let pass = 0; pass < 40 && (await row(d.code)).status === "pending"; pass++)
      await inquireOpenGatewayOrders(later(11 * 60_000));
    expect(await row(d.code)).toMatchObject({ status: "completed" });
    expect((await receiver.forTrackingCode(d.code))[0]!.body).toMatchObject({ status: "completed", amount: 345 });
  });

  it("a payment that expires at NOWPayments cancels the deposit", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gateway = await nowpaymentsGateway();
    const d = await deposit(t, gateway.id);
    sim.expire(d.paymentId);
    await sim.settled();
    expect(await row(d.code)).toMatchObject({ status: "canceled" });
    expect((await receiver.forTrackingCode(d.code))[0]!.body).toMatchObject({ status: "canceled" });
  });

  it("a late 'finished' after the payment expired is recorded and raised for staff, not applied", async () => {
    // The lifecycle gives a pending crypto deposit's verdict to its gateway: NOWPayments' "expired" closed it
    // (canceled); coins that arrive afterwards make NOWPayments report "finished", which canceled -> completed
    // does not allow: recorded in the history and raised as an outcome conflict, no second callback.
    const t = await createTenant({ callbackUrl: receiver.url });
    const gateway = await nowpaymentsGateway();
    const d = await deposit(t, gateway.id);
    sim.expire(d.paymentId);
    await sim.settled();
    const closed = await row(d.code);
    expect(closed.status).toBe("canceled");
    await receiver.forTrackingCode(d.code);
    sim.pay(d.paymentId);
    await sim.settled();
    expect(await row(d.code)).toMatchObject({ status: "canceled" });
    const alert = await prisma.alert.findFirst({ where: { transactionId: closed.id } });
    expect(alert).toMatchObject({ kind: "outcome_conflict", source: `gateway ${gateway.code}` });
    const history = await prisma.transactionEvent.findMany({
      where: { transactionId: closed.id },
      orderBy: { id: "asc" },
    });
    expect(history.at(-1)).toMatchObject({ fromStatus: "canceled", toStatus: "canceled", noteKey: "notApplied" });
    expect(noteText(history.at(-1)!)).toContain(`Not applied: gateway ${gateway.code} reported confirmed 345.00`);
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: d.code } })).toBe(1);
  });
});

describe("a NOWPayments crypto withdrawal", () => {
  async function withdraw(t: Awaited<ReturnType<typeof createTenant>>, gatewayId: number, amount = 690) {
    const res = await callWithSite(
      "/api/provider/third-party/crypto/start-withdrawal",
      t.creds,
      t.site.credential_key,
      { ...customer, amount, gateway_id: gatewayId, crypto_type: "USDT-TRC20", wallet_address: TRON },
    );
    expect(res.status).toBe(200);
    const code = String((res.json.data as Record<string, string>).tracking_code);
    await handedOver(code);
    return code;
  }

  it("is paid out through the payout API, verified with the 2FA code, and completes on the payout IPN", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gateway = await nowpaymentsGateway();
    sim.setBalance("usdttrc20", 1000);
    const code = await withdraw(t, gateway.id);
    const w = await row(code);
    expect(w).toMatchObject({ status: "processing", gatewayReference: expect.any(String) });
    const payout = sim.state.payouts.get(w.gatewayReference!)!;
    // Verified (no longer CREATING), for the coins of 690 TRY at 34.5, to the customer's address.
    expect(payout).toMatchObject({
      status: "WAITING",
      address: TRON,
      currency: "usdttrc20",
      unique_external_id: code,
      ipn_callback_url: `${baseUrl}/api/webhooks/gateways/id/${gateway.id}`,
    });
    expect(Number(payout.amount)).toBe(20);
    sim.settlePayout(payout.id, "finished");
    await sim.settled();
    expect(await row(code)).toMatchObject({ status: "completed" });
    const callbacks = await receiver.forTrackingCode(code);
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0]!.body).toMatchObject({
      status: "completed",
      amount: 690,
      type: "third_party_crypto_withdrawal",
      wallet_address: TRON,
    });
  });

  it("a payout NOWPayments refuses fails the withdrawal with its words", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gateway = await nowpaymentsGateway();
    sim.setBalance("usdttrc20", 1000);
    const code = await withdraw(t, gateway.id);
    const w = await row(code);
    sim.settlePayout(w.gatewayReference!, "failed");
    await sim.settled();
    expect(await row(code)).toMatchObject({
      status: "failed",
      errorMessage: expect.stringContaining("Insufficient network fee"),
    });
    expect((await receiver.forTrackingCode(code))[0]!.body).toMatchObject({ status: "failed" });
  });
});
