import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { chooseDepositGateway } from "@/lib/domain/third-party/choose-deposit-gateway";
import { inquireOpenGatewayOrders } from "@/lib/domain/third-party/inquire-open-orders";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { sendClaimedWithdrawal } from "@/lib/domain/third-party/submit-withdrawal-to-gateway";
import {
  type NowpaymentsSimulator,
  SIMULATOR_DEFAULTS,
  startNowpaymentsSimulator,
} from "../simulators/nowpayments/server";
import { startCallbackReceiver } from "../support/callback-receiver";
import { consoleSession, pageText } from "../support/console-session";
import { createTenant, offerGateways } from "../support/fixtures";
import { handedOver } from "../support/hand-over";
import { noteText } from "../support/notes";
import { callWithSite } from "../support/provider-calls";
import { runsJobsForEveryRow } from "../support/time-travel-lock";

// Runs the status inquiry or the statement poller for every open row at a later time: one such file at a time.
runsJobsForEveryRow();

/**
 * NOWPayments' edge through the app, against the simulator over HTTP: a partial payment credits nothing until
 * the rest arrives, the sandbox's `case`, the payout search that pages, a refused verification of a created
 * payout, the payout status read as the batch NOWPayments answers, and payout IPNs answered at once.
 */

const baseUrl = inject("baseUrl");
const customer = { user_id: "u-38", username: "deniz", fullname: "Deniz Ak" };
const TRON = "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL";
const later = (ms: number) => new Date(Date.now() + ms);
let sim: NowpaymentsSimulator;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  sim = await startNowpaymentsSimulator();
  receiver = await startCallbackReceiver();
  sim.setBalance("usdttrc20", 1_000_000);
});
afterAll(async () => {
  await sim.stop();
  await receiver.close();
});
afterEach(() => sim.delay(0));

function nowpaymentsGateway(config: Record<string, unknown> = {}) {
  const suffix = randomCodeGroup(6).toLowerCase();
  return saveGateway(
    undefined,
    {
      method: "CRYPTO",
      name: `NOWPayments ${suffix}`,
      code: `c-npe-${suffix}`,
      minAmount: "10",
      maxAmount: "50000",
      description: "crypto",
      isActive: true,
      requiredFields: ["crypto_type", "wallet_address"],
      supportedCryptoTypes: ["USDT-TRC20"],
      connector: "nowpayments",
      config: { ...SIMULATOR_DEFAULTS, baseUrl: sim.url, timeoutMs: 20_000, ...config },
    },
    { label: "test" },
  );
}

const row = (trackingCode: string) =>
  prisma.transaction.findUniqueOrThrow({ where: { trackingCode }, include: { events: { orderBy: { id: "asc" } } } });

async function deposit(t: Awaited<ReturnType<typeof createTenant>>, gatewayId: number, amount = 345) {
  await offerGateways(t.site.id, { id: gatewayId });
  const res = await callWithSite("/api/provider/third-party/crypto/start-deposit", t.creds, t.site.credential_key, {
    ...customer,
    amount,
  });
  expect(res.status).toBe(200);
  const data = res.json.data as Record<string, string>;
  await chooseDepositGateway(data.payment_url!.split("/pay/")[1]!, gatewayId, "USDT-TRC20");
  const pending = await row(data.tracking_code!);
  return { code: data.tracking_code!, id: pending.id, paymentId: pending.gatewayReference! };
}

async function withdraw(t: Awaited<ReturnType<typeof createTenant>>, gatewayId: number, amount = 690) {
  const res = await callWithSite("/api/provider/third-party/crypto/start-withdrawal", t.creds, t.site.credential_key, {
    ...customer,
    amount,
    gateway_id: gatewayId,
    crypto_type: "USDT-TRC20",
    wallet_address: TRON,
  });
  expect(res.status).toBe(200);
  const code = String((res.json.data as Record<string, string>).tracking_code);
  await handedOver(code);
  return code;
}

const payoutsOf = (code: string) => [...sim.state.payouts.values()].filter((p) => p.unique_external_id === code);

describe("NOWPayments deposits", () => {
  it("a partial payment credits nothing and shows staff what arrived; the rest completes it for the full amount", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gateway = await nowpaymentsGateway();
    const d = await deposit(t, gateway.id);
    // 345 TRY is 10 USDT at the simulator's rate: 4 arrive.
    sim.pay(d.paymentId, 4);
    await sim.settled();
    const short = await row(d.code);
    expect(short.status).toBe("pending");
    const partial = short.events.filter((e) => e.noteKey === "partiallyPaid");
    expect(partial.map(noteText)).toEqual([
      "The customer sent 4 USDTTRC20, worth 138.00 at the gateway's quote: less than the order. Not credited until the gateway reports it paid in full.",
    ]);
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: d.code } })).toBe(0);
    // The same report through the status inquiry adds nothing.
    for (
      let pass = 0;
      pass < 40 && !(await prisma.transaction.findUniqueOrThrow({ where: { id: d.id } })).gatewayInquiredAt;
      pass++
    )
      await inquireOpenGatewayOrders(later(11 * 60_000));
    expect((await row(d.code)).events.filter((e) => e.noteKey === "partiallyPaid")).toHaveLength(1);
    const staff = await consoleSession(baseUrl, "admin");
    expect(pageText((await staff.get(`/console/transactions/${d.id}`)).text)).toContain(
      "The customer sent 4 USDTTRC20, worth 138.00 TL at the gateway's quote",
    );

    sim.pay(d.paymentId);
    await sim.settled();
    const done = await row(d.code);
    expect(done.status).toBe("completed");
    expect((done.finalAmount ?? done.amount).toFixed(2)).toBe("345.00");
    const callbacks = await receiver.forTrackingCode(d.code);
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0]!.body).toMatchObject({ status: "completed", amount: 345 });
  });

  it("the sandbox's case is sent, so a sandbox payment plays its flow and completes", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gateway = await nowpaymentsGateway({ sandboxCase: "success" });
    const d = await deposit(t, gateway.id);
    expect(sim.state.cases.get(Number(d.paymentId))).toBe("success");
    await expect.poll(async () => (await row(d.code)).status, { timeout: 10_000 }).toBe("completed");
    expect((await receiver.forTrackingCode(d.code))[0]!.body).toMatchObject({ status: "completed", amount: 345 });
  });
});

describe("NOWPayments payouts", () => {
  it("the look-before-create pages past the newest 100 payouts: a lost answer never makes a second payout", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gateway = await nowpaymentsGateway();
    // The payout is created, then its verification gets no answer: sent again later.
    sim.answerNext(500, "/v1/payout/*");
    const code = await withdraw(t, gateway.id);
    expect(await row(code)).toMatchObject({ status: "processing", gatewayReference: null });
    expect(payoutsOf(code).map((p) => p.status)).toEqual(["CREATING"]);
    // Meanwhile the account makes 250 other payouts: ours is far from the first page.
    sim.seedPayouts(250);
    // The job runner's resubmission, for this withdrawal alone (other files' withdrawals share the database).
    expect(await sendClaimedWithdrawal((await row(code)).id, later(10 * 60_000))).toBe("sent");
    const payouts = payoutsOf(code);
    expect(payouts.map((p) => p.status)).toEqual(["WAITING"]);
    expect(await row(code)).toMatchObject({ status: "processing", gatewayReference: payouts[0]!.id });
  });

  it("a refused verification of a created payout is no refusal: it stays processing, is raised for staff, and completes when verified", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gateway = await nowpaymentsGateway({ twoFactorSecret: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ" });
    const code = await withdraw(t, gateway.id);
    const [payout] = payoutsOf(code);
    expect(payout).toMatchObject({ status: "CREATING" });
    const held = await row(code);
    expect(held).toMatchObject({ status: "processing", gatewayReference: payout!.id });
    expect(held.events.filter((e) => e.noteKey === "gatewayUnconfirmed").map(noteText)).toEqual([
      `${gateway.name} holds this withdrawal but refused to confirm it (INVALID_VERIFICATION_CODE: The 2FA verification code was refused); it may still be paid out. Check it at the gateway; its status inquiry settles it.`,
    ]);
    expect(await prisma.alert.findMany({ where: { transactionId: held.id } })).toEqual([
      expect.objectContaining({ kind: "gateway_order_unconfirmed", resolvedAt: null }),
    ]);
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: code } })).toBe(0);
    // Someone verifies it in NOWPayments' dashboard: it goes out, and the withdrawal completes.
    sim.verifyInDashboard(payout!.id);
    sim.settlePayout(payout!.id, "finished");
    await sim.settled();
    expect((await row(code)).status).toBe("completed");
    expect((await receiver.forTrackingCode(code)).map((c) => c.body.status)).toEqual(["completed"]);
  });

  it("payout IPNs are answered at once, without waiting for NOWPayments' own API", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gateway = await nowpaymentsGateway();
    const code = await withdraw(t, gateway.id);
    const w = await row(code);
    await sim.settled();
    const sent = sim.state.ipns.length;
    // NOWPayments' API now answers in 6 s; it gives up on an IPN answer after 5 s (and expects one within 3).
    sim.delay(6000);
    sim.settlePayout(w.gatewayReference!, "finished");
    await sim.settled();
    const ipns = sim.state.ipns.slice(sent);
    expect(ipns.map((i) => i.body.status)).toEqual(["PROCESSING", "SENDING", "FINISHED"]);
    expect(ipns.map((i) => i.answer)).toEqual([200, 200, 200]);
    for (const ipn of ipns) expect(ipn.ms).toBeLessThan(3000);
    expect((await row(code)).status).toBe("completed");
  }, 60_000);

  it("the status inquiry reads the payout's batch, as NOWPayments answers GET /v1/payout/{id}", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gateway = await nowpaymentsGateway();
    const code = await withdraw(t, gateway.id);
    const w = await row(code);
    await sim.settled();
    sim.dropNextIpns(3);
    sim.settlePayout(w.gatewayReference!, "finished");
    await sim.settled();
    expect((await row(code)).status).toBe("processing");
    for (let pass = 0; pass < 40 && (await row(code)).status === "processing"; pass++)
      await inquireOpenGatewayOrders(later(11 * 60_000));
    expect((await row(code)).status).toBe("completed");
    expect(await prisma.alert.count({ where: { transactionId: w.id } })).toBe(0);
  });
});
