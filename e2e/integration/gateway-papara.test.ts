import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { chooseDepositGateway } from "@/lib/domain/third-party/choose-deposit-gateway";
import { inquireOpenGatewayOrders } from "@/lib/domain/third-party/inquire-open-orders";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { sendClaimedWithdrawal } from "@/lib/domain/third-party/submit-withdrawal-to-gateway";
import { startPaparaSimulator, type PaparaSimulator } from "../simulators/papara/server";
import { admin } from "../support/admin-cli";
import { startCallbackReceiver, verifyAsReceiver } from "../support/callback-receiver";
import { createTenant, offerGateways } from "../support/fixtures";
import { handedOver } from "../support/hand-over";
import { httpRequest } from "../support/http";
import { callWithSite } from "../support/provider-calls";
import { runsJobsForEveryRow } from "../support/time-travel-lock";

// Runs the status inquiry or the statement poller for every open row at a later time: one such file at a time.
runsJobsForEveryRow();

/**
 * Papara through the app (the run's production server): a WALLET gateway added with the admin CLI and the
 * `papara` connector pointing at the simulated Papara; deposits through the provider API, the payment page's
 * link to Papara's page, Papara's notification to the gateway's notify URL (believed through Papara's own
 * answer), the status inquiry job; withdrawals as mass payments, settled when created, never paid twice.
 */

const baseUrl = inject("baseUrl");
const customer = { user_id: "u-61", username: "elif", fullname: "Elif Demir" };
const later = (ms: number) => new Date(Date.now() + ms);
let sim: PaparaSimulator;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  sim = await startPaparaSimulator({ retryEveryMs: 300 });
  receiver = await startCallbackReceiver();
});
afterAll(async () => {
  await sim.stop();
  await receiver.close();
});

const paparaConfig = () => ({
  apiKey: sim.apiKey,
  merchantSecretKey: sim.merchantSecretKey,
  baseUrl: sim.url,
  timeoutMs: 3000,
});

/** A WALLET gateway on the papara connector, saved as the console and the CLI save it. */
async function paparaGateway(): Promise<number> {
  const code = `w-papara-${randomCodeGroup(6).toLowerCase()}`;
  const input = {
    method: "WALLET" as const,
    name: `Papara ${code}`,
    code,
    minAmount: "10",
    maxAmount: "50000",
    description: "",
    isActive: true,
    requiredFields: ["wallet_number"],
    supportedCryptoTypes: [],
    connector: "papara",
    config: paparaConfig(),
  };
  return (await saveGateway(undefined, input, { label: "test" })).id;
}

/** `gateway:add --method wallet --connector papara` as an operator types it; the new gateway's id. */
function paparaGatewayByCli(): number {
  const code = `w-papara-${randomCodeGroup(6).toLowerCase()}`;
  const added = admin(
    "gateway:add",
    "--method",
    "wallet",
    "--name",
    `Papara ${code}`,
    "--code",
    code,
    "--min",
    "10",
    "--max",
    "50000",
    "--required-fields",
    "wallet_number",
    "--connector",
    "papara",
    "--config",
    JSON.stringify(paparaConfig()),
  );
  expect(added.code, added.stderr).toBe(0);
  const gateway = added.json<{ id: number; connector: string; notify_url: string; config: Record<string, unknown> }>();
  expect(gateway).toMatchObject({
    connector: "papara",
    notify_url: `${baseUrl}/api/webhooks/gateways/id/${gateway.id}`,
    config: { baseUrl: sim.url, apiKey: "••••" },
  });
  return gateway.id;
}

const row = (trackingCode: string) => prisma.transaction.findUniqueOrThrow({ where: { trackingCode } });

/** A provider's wallet deposit; the customer picks the Papara gateway on the payment page. */
async function deposit(t: Awaited<ReturnType<typeof createTenant>>, gatewayId: number, amount = 250) {
  const res = await callWithSite("/api/provider/third-party/wallet/start-deposit", t.creds, t.site.credential_key, {
    ...customer,
    amount,
  });
  expect(res.status).toBe(200);
  const data = res.json.data as Record<string, string>;
  const token = data.payment_url!.split("/pay/")[1]!;
  await offerGateways(t.site.id, { id: gatewayId });
  await chooseDepositGateway(token, gatewayId);
  const pending = await row(data.tracking_code!);
  expect(pending).toMatchObject({
    status: "pending",
    gatewayId,
    gatewayReference: expect.stringMatching(/^[A-F0-9]{4}-[A-F0-9]{4}-[A-F0-9]{4}$/),
  });
  return {
    code: data.tracking_code!,
    token,
    paymentId: pending.gatewayReference!,
    notifyUrl: `${baseUrl}/api/webhooks/gateways/id/${gatewayId}`,
  };
}

/** The customer on Papara's page, paying; Papara then notifies us. */
async function payAtPapara(paymentId: string) {
  const url = `${sim.url}/pid?${paymentId}`;
  expect((await fetch(url)).status).toBe(200);
  await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "accountNumber=1234567890&action=pay",
  });
  await sim.settled();
}

const postNotification = (url: string, body: unknown) =>
  httpRequest({
    url,
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
    checkResponse: false,
  });

describe("the CLI configures a Papara gateway", () => {
  it("refuses a configuration naming the wrong key, and Papara on a gateway that is not a wallet one", () => {
    const missing = admin(
      "gateway:add",
      "--method",
      "wallet",
      "--name",
      "Papara X",
      "--code",
      `w-x-${randomCodeGroup(5).toLowerCase()}`,
      "--min",
      "10",
      "--max",
      "100",
      "--connector",
      "papara",
      "--config",
      JSON.stringify({ baseUrl: sim.url, apiKy: "typo" }),
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("apiKey");
    expect(missing.stderr).toContain("apiKy");
    const crypto = admin(
      "gateway:add",
      "--method",
      "crypto",
      "--name",
      "Papara C",
      "--code",
      `c-x-${randomCodeGroup(5).toLowerCase()}`,
      "--min",
      "10",
      "--max",
      "100",
      "--crypto-types",
      "BTC",
      "--connector",
      "papara",
      "--config",
      JSON.stringify(paparaConfig()),
    );
    expect(crypto.code).toBe(2);
    expect(crypto.stderr).toContain("connector papara serves wallet gateways only");
  }, 120_000);
});

describe("a Papara wallet deposit", () => {
  it("links to Papara's page, completes on Papara's notification, answers a repeat without a second callback (gateway added by the CLI)", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gatewayId = paparaGatewayByCli();
    const d = await deposit(t, gatewayId, 250);
    expect(sim.state.payments.get(d.paymentId)).toMatchObject({
      amount: 250,
      referenceId: d.code,
      notificationUrl: d.notifyUrl,
      redirectUrl: `${baseUrl}/pay/${d.token}`,
    });
    const page = await httpRequest({ url: `${baseUrl}/pay/${d.token}?lang=en`, method: "GET" });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`href="${sim.url}/pid?${d.paymentId}"`);
    expect(page.text).toContain("Continue to Papara");

    await payAtPapara(d.paymentId);
    const sent = sim.state.notifications.filter((n) => n.paymentId === d.paymentId);
    expect(sent).toEqual([
      expect.objectContaining({ acknowledged: true, attempts: [expect.objectContaining({ status: 200 })] }),
    ]);
    expect(await row(d.code)).toMatchObject({ status: "completed" });
    const [callback, ...more] = await receiver.forTrackingCode(d.code);
    expect(more).toHaveLength(0);
    expect(callback!.body).toMatchObject({
      status: "completed",
      amount: 250,
      type: "third_party_wallet_deposit",
      payment_method: "wallet",
    });
    expect(verifyAsReceiver(callback!, t.creds.apiKey, t.creds.secretKey)).toBe(true);

    // Papara sends it again (for a day, until answered 200): accepted, nothing changes.
    const again = await postNotification(d.notifyUrl, sent[0]!.body);
    expect(again.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: d.code } })).toBe(1);
  }, 120_000);

  it("a forged notification changes nothing: Papara's own answer says unpaid; a wrong secret is refused; what is not ours is answered so Papara stops", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gatewayId = await paparaGateway();
    const d = await deposit(t, gatewayId, 120);
    const forged = {
      id: d.paymentId,
      referenceId: d.code,
      status: 1,
      statusDescription: "Completed",
      amount: 120,
      currency: "TRY",
      merchantSecretKey: sim.merchantSecretKey,
    };
    expect((await postNotification(d.notifyUrl, forged)).status).toBe(200);
    // Not signed with the panel's secret: 401 (not from Papara).
    const guessed = await postNotification(d.notifyUrl, { ...forged, merchantSecretKey: "guessed" });
    expect([guessed.status, guessed.json.error]).toEqual([401, "Invalid signature"]);
    // A payment Papara does not know, or one that is not this gateway's order: nothing can ever make it ours, so
    // the answer is 200 (Papara repeats anything else for a day, each repeat one more GET /payments) and says so.
    const ignored = "Ignored: not a payment of this merchant's orders";
    const unknown = await postNotification(d.notifyUrl, { ...forged, id: "0000-0000-0000" });
    expect([unknown.status, unknown.text]).toEqual([200, ignored]);
    const other = await paparaGateway();
    const elsewhere = await postNotification(`${baseUrl}/api/webhooks/gateways/id/${other}`, forged);
    expect([elsewhere.status, elsewhere.text]).toEqual([200, ignored]);
    // Papara not answering our question: 503 with Retry-After, so Papara sends it again.
    sim.failNext(502, 1);
    const unreachable = await postNotification(d.notifyUrl, forged);
    expect([unreachable.status, unreachable.headers["retry-after"]]).toEqual([503, "60"]);
    // Ours, but Papara's own answer names another amount: a repeat would read the same, so 200, nothing applied.
    const held = sim.state.payments.get(d.paymentId)!;
    held.amount = 121;
    try {
      const differs = await postNotification(d.notifyUrl, forged);
      expect([differs.status, differs.text]).toEqual([
        200,
        "Not applied: Papara's payment differs from the order; the status inquiry checks it",
      ]);
    } finally {
      held.amount = 120;
    }
    expect(await row(d.code)).toMatchObject({ status: "pending" });
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: d.code } })).toBe(0);
    await payAtPapara(d.paymentId);
    expect(await row(d.code)).toMatchObject({ status: "completed" });
  });

  it("a notification Papara could not deliver is recovered by the status inquiry job", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gatewayId = await paparaGateway();
    const d = await deposit(t, gatewayId, 80);
    sim.holdNotifications(true);
    try {
      await fetch(`${sim.url}/pid?${d.paymentId}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "action=pay",
      });
      expect(await row(d.code)).toMatchObject({ status: "pending" });
      for (let pass = 0; pass < 40 && (await row(d.code)).status === "pending"; pass++)
        await inquireOpenGatewayOrders(later(11 * 60_000));
    } finally {
      sim.holdNotifications(false);
    }
    expect(await row(d.code)).toMatchObject({ status: "completed" });
    await sim.settled();
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: d.code } })).toBe(1);
  });

  it("a payment nobody paid, which Papara deleted after its hour, is canceled by the inquiry", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gatewayId = await paparaGateway();
    const d = await deposit(t, gatewayId, 60);
    sim.expireUnpaid();
    await prisma.transaction.update({
      where: { trackingCode: d.code },
      data: { createdAt: new Date(Date.now() - 3 * 3600_000) },
    });
    for (let pass = 0; pass < 40 && (await row(d.code)).status === "pending"; pass++)
      await inquireOpenGatewayOrders(later(11 * 60_000));
    expect(await row(d.code)).toMatchObject({ status: "canceled" });
    expect((await receiver.forTrackingCode(d.code))[0]!.body).toMatchObject({
      status: "canceled",
      type: "third_party_wallet_deposit",
    });
  });
});

describe("a Papara wallet withdrawal", () => {
  async function withdraw(
    t: Awaited<ReturnType<typeof createTenant>>,
    gatewayId: number,
    walletNumber: string,
    amount = 75,
  ) {
    const res = await callWithSite(
      "/api/provider/third-party/wallet/start-withdrawal",
      t.creds,
      t.site.credential_key,
      { ...customer, amount, gateway_id: gatewayId, wallet_number: walletNumber },
    );
    expect(res.status).toBe(200);
    const code = String((res.json.data as Record<string, string>).tracking_code);
    await handedOver(code);
    return code;
  }

  it("is a mass payment to the customer's Papara number, completed when Papara made it: one callback", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gatewayId = await paparaGateway();
    const code = await withdraw(t, gatewayId, "PL1111111111", 75);
    await expect.poll(async () => (await row(code)).status).toBe("completed");
    const w = await row(code);
    expect(sim.state.massPayments.get(Number(w.gatewayReference))).toMatchObject({
      massPaymentId: code,
      accountNumber: "1111111111",
      amount: 75,
    });
    const [callback, ...more] = await receiver.forTrackingCode(code);
    expect(more).toHaveLength(0);
    expect(callback!.body).toMatchObject({
      status: "completed",
      amount: 75,
      type: "third_party_wallet_withdrawal",
      wallet_number: "PL1111111111",
    });
    // The inquiry later agrees: nothing changes.
    await inquireOpenGatewayOrders(later(11 * 60_000));
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: code } })).toBe(1);
  });

  it("a mass payment whose answer was lost is unknown, found by the resend's look-up and never paid twice", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gatewayId = await paparaGateway();
    sim.dropMassPaymentAnswers(1);
    const code = await withdraw(t, gatewayId, "2222222222", 40);
    const waiting = await row(code);
    expect(waiting).toMatchObject({ status: "processing", gatewayReference: null });
    expect(await sendClaimedWithdrawal(waiting.id, later(10 * 60_000))).toBe("sent");
    expect(await row(code)).toMatchObject({ status: "completed", gatewayReference: expect.stringMatching(/^\d+$/) });
    expect([...sim.state.massPayments.values()].filter((m) => m.massPaymentId === code)).toHaveLength(1);
    expect(await receiver.forTrackingCode(code)).toHaveLength(1);
  });

  it("Papara's refusal fails the withdrawal with its words", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gatewayId = await paparaGateway();
    const code = await withdraw(t, gatewayId, "9999999999", 30);
    expect(await row(code)).toMatchObject({
      status: "failed",
      errorMessage: expect.stringContaining("PAPARA_100: No Papara user has this number"),
    });
    expect((await receiver.forTrackingCode(code))[0]!.body).toMatchObject({ status: "failed" });
    expect([...sim.state.massPayments.values()].filter((m) => m.massPaymentId === code)).toHaveLength(0);
  });
});
