import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type NowpaymentsSimulator,
  SIMULATOR_DEFAULTS,
  startNowpaymentsSimulator,
} from "@/e2e/simulators/nowpayments/server";
import { type IncomingMessage, PartnerCallError } from "@/lib/integrations/connectors/ports";
import { type NowpaymentsConfig, nowpaymentsConfigSchema } from "@/lib/integrations/connectors/nowpayments/config";
import { nowpaymentsConnector as np } from "@/lib/integrations/connectors/nowpayments";

/**
 * The connector against the NOWPayments simulator over real HTTP on 127.0.0.1. IPNs arrive at a receiver
 * that verifies them with the connector, as our route does, and answers the connector's ack.
 */

type Verified = Awaited<ReturnType<typeof np.verifyNotification>>;
const orders = new Map<
  string,
  { orderId: string; amount: string; currency: string; partnerReference: string | null }
>();
const lookup = async (id: string) => orders.get(id) ?? null;
// Our withdrawals by the payout id NOWPayments gave them, as the domain records them.
const withdrawals = new Map<
  string,
  { orderId: string; amount: string; currency: string; account: Record<string, string> }
>();
const byReference = async (payoutId: string) => withdrawals.get(payoutId) ?? null;

let sim: NowpaymentsSimulator;
let receiver: Server;
let notifyUrl: string;
let config: NowpaymentsConfig;
const received: { message: IncomingMessage; result: Verified }[] = [];

function fakeMessage(body: string, sig: string | undefined): IncomingMessage {
  return {
    method: "POST",
    headers: { "content-type": "application/json", ...(sig ? { "x-nowpayments-sig": sig } : {}) },
    rawBody: body,
    form: null,
    query: {},
  };
}

beforeAll(async () => {
  sim = await startNowpaymentsSimulator();
  receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const message: IncomingMessage = {
      method: req.method ?? "",
      headers,
      rawBody: Buffer.concat(chunks).toString("utf8"),
      form: null,
      query: {},
    };
    const result = await np.verifyNotification(config, message, lookup, byReference);
    received.push({ message, result });
    res.writeHead(result.ack.status, { "content-type": result.ack.contentType }).end(result.ack.body);
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ipn`;
  config = nowpaymentsConfigSchema.parse({ ...SIMULATOR_DEFAULTS, baseUrl: sim.url, timeoutMs: 1000 });
});
afterAll(async () => {
  await sim.stop();
  await new Promise<void>((r) => receiver.close(() => r()));
});
afterEach(() => {
  received.length = 0;
  sim.delay(0);
});

async function deposit(clientRef: string, amount = "1250.50", cryptoType = "USDT-TRC20") {
  const issued = await np.issueDeposit(config, {
    clientRef,
    amount,
    currency: "TRY",
    cryptoType,
    notifyUrl,
    returnUrl: "http://127.0.0.1/back",
    customer: { id: "c1", name: "Ada", email: "ada@example.com" },
  });
  orders.set(clientRef, { orderId: clientRef, amount, currency: "TRY", partnerReference: issued.gatewayReference });
  return issued;
}
const outcomes = () => received.map((r) => (r.result.ok ? r.result.outcome : { unverified: r.result.reason }));
const callFailure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof PartnerCallError ? e.failure : e),
  );

describe("NOWPayments deposits", () => {
  it("approve: the address and coin amount for our page, then confirming and finished IPNs", async () => {
    const { gatewayReference, instructions } = await deposit("DEP-OK");
    expect(instructions).toMatchObject({
      kind: "crypto",
      network: "TRC20",
      cryptoType: "USDT-TRC20",
      coinAmount: "36.24637681",
      reference: gatewayReference,
    });
    expect(instructions.kind === "crypto" && instructions.address).toMatch(/^T[0-9a-f]{33}$/);
    sim.pay(gatewayReference);
    await sim.settled();
    expect(outcomes()).toEqual([
      { status: "pending" },
      { status: "approved", amount: "1250.50", partnerReference: gatewayReference },
    ]);
    expect(
      received.every((r) => r.result.ok && r.result.orderId === "DEP-OK" && r.result.direction === "deposit"),
    ).toBe(true);
    expect(sim.state.ipns.map((i) => i.answer)).toContain(200);
  });

  it("partial payment: no verdict, but what arrived is reported; the rest then finishes it for the full price", async () => {
    const { gatewayReference } = await deposit("DEP-PART", "1000.00");
    sim.pay(gatewayReference, 20);
    await sim.settled();
    // 1000 TRY / 34.5 -> 28.98550725 USDT asked (their 8 places); 20 sent -> 1000 x 20 / 28.98550725 = 689.99999...
    // -> 689.99: rounded down, never more than what arrived.
    expect(outcomes().at(-1)).toEqual({
      status: "pending",
      partiallyPaid: { amount: "689.99", paid: "20", asset: "usdttrc20" },
    });
    expect(await np.inquire(config, { clientRef: "DEP-PART", direction: "deposit", gatewayReference })).toMatchObject({
      status: "pending",
      partiallyPaid: { amount: "689.99" },
    });
    sim.pay(gatewayReference);
    await sim.settled();
    expect(outcomes().at(-1)).toEqual({ status: "approved", amount: "1000.00", partnerReference: gatewayReference });
  });

  it("sends the sandbox's case, so a sandbox payment plays its flow instead of waiting", async () => {
    const sandbox = nowpaymentsConfigSchema.parse({ ...config, sandboxCase: "success" });
    const issued = await np.issueDeposit(sandbox, {
      clientRef: "DEP-CASE",
      amount: "345.00",
      currency: "TRY",
      cryptoType: "USDT-TRC20",
      notifyUrl,
      returnUrl: notifyUrl,
      customer: { id: "c", name: "n", email: "e@x.io" },
    });
    orders.set("DEP-CASE", {
      orderId: "DEP-CASE",
      amount: "345.00",
      currency: "TRY",
      partnerReference: issued.gatewayReference,
    });
    expect(sim.state.cases.get(Number(issued.gatewayReference))).toBe("success");
    await expect
      .poll(() => outcomes().at(-1), { timeout: 5000 })
      .toEqual({ status: "approved", amount: "345.00", partnerReference: issued.gatewayReference });
    // Not configured (and not the sandbox host): nothing is sent.
    const plain = await deposit("DEP-NOCASE");
    expect(sim.state.cases.has(Number(plain.gatewayReference))).toBe(false);
  });

  it("decline and abandonment: failed is declined, expired is cancelled", async () => {
    const failed = await deposit("DEP-FAIL");
    const expired = await deposit("DEP-EXP", "50.00", "TRX");
    sim.fail(failed.gatewayReference);
    sim.expire(expired.gatewayReference);
    await sim.settled();
    expect(outcomes()).toEqual([
      {
        status: "declined",
        error: { code: "FAILED", message: "The payment failed at NOWPayments" },
        partnerReference: failed.gatewayReference,
      },
      {
        status: "cancelled",
        error: { code: "EXPIRED", message: "The customer did not pay before the payment expired" },
        partnerReference: expired.gatewayReference,
      },
    ]);
    expect(
      await np.inquire(config, {
        clientRef: "DEP-EXP",
        direction: "deposit",
        gatewayReference: expired.gatewayReference,
      }),
    ).toMatchObject({ status: "cancelled" });
  });

  it("tampered, unsigned or mismatched IPNs are refused and nothing else is said", async () => {
    const { gatewayReference } = await deposit("DEP-TAMPER");
    sim.pay(gatewayReference);
    await sim.settled();
    const genuine = received.at(-1)!.message;
    const body = JSON.parse(genuine.rawBody) as Record<string, unknown>;
    const sig = genuine.headers["x-nowpayments-sig"];
    const tampered = await np.verifyNotification(
      config,
      fakeMessage(JSON.stringify({ ...body, price_amount: 1 }), sig),
      lookup,
    );
    expect(tampered).toMatchObject({ ok: false, ack: { status: 401 } });
    expect(Object.keys(tampered)).toEqual(["ok", "reason", "ack"]);
    expect(await np.verifyNotification(config, fakeMessage(genuine.rawBody, undefined), lookup)).toMatchObject({
      ok: false,
    });
    expect(await np.verifyNotification(config, fakeMessage("not json", sig), lookup)).toMatchObject({
      ok: false,
      ack: { status: 400 },
    });
    // Signed correctly, but the amount is not our order's: refused by the order check.
    orders.set("DEP-TAMPER", { ...orders.get("DEP-TAMPER")!, amount: "99.00" });
    expect(await np.verifyNotification(config, genuine, lookup)).toMatchObject({
      ok: false,
      reason: "price_amount differs from the order's amount",
    });
    orders.delete("DEP-TAMPER");
    expect(await np.verifyNotification(config, genuine, lookup)).toMatchObject({
      ok: false,
      reason: "unknown order DEP-TAMPER",
    });
  });

  it("a duplicate IPN verifies to the same outcome again (the domain's record deduplicates it)", async () => {
    const { gatewayReference } = await deposit("DEP-DUP");
    sim.pay(gatewayReference);
    await sim.settled();
    const first = received.at(-1)!;
    const again = await np.verifyNotification(config, first.message, lookup);
    expect(again).toEqual(first.result);
  });

  it("a dropped IPN is recovered by the status inquiry", async () => {
    const { gatewayReference } = await deposit("DEP-LOST");
    sim.dropNextIpns(2);
    sim.pay(gatewayReference);
    await sim.settled();
    expect(received).toHaveLength(0);
    expect(await np.inquire(config, { clientRef: "DEP-LOST", direction: "deposit", gatewayReference })).toEqual({
      status: "approved",
      amount: "1250.50",
      partnerReference: gatewayReference,
    });
    expect(await np.inquire(config, { clientRef: "DEP-LOST", direction: "deposit", gatewayReference: "999" })).toEqual({
      status: "not_found",
    });
    expect(await np.inquire(config, { clientRef: "DEP-LOST", direction: "deposit", gatewayReference: null })).toEqual({
      status: "not_found",
    });
    expect(
      await callFailure(np.inquire(config, { clientRef: "OTHER", direction: "deposit", gatewayReference })),
    ).toMatchObject({ kind: "refused", error: { code: "ORDER_MISMATCH" } });
  });

  it("classifies failures: 429 and 500 once are retried, a timeout is retried, a wrong key is refused", async () => {
    sim.answerNext(429);
    expect(await callFailure(deposit("DEP-429"))).toEqual({
      kind: "retry",
      reason: "NOWPayments rate limit on POST /payment",
      retryAfterMs: 1000,
    });
    sim.answerNext(500);
    expect(await callFailure(deposit("DEP-429"))).toMatchObject({ kind: "retry" });
    expect((await deposit("DEP-429")).gatewayReference).toMatch(/^\d+$/);
    sim.delay(1500);
    expect(await callFailure(deposit("DEP-SLOW"))).toMatchObject({
      kind: "retry",
      reason: expect.stringMatching(/^NOWPayments \(POST \/payment\) did not answer at 127\.0\.0\.1:\d+/),
    });
    sim.delay(0);
    expect(
      await callFailure(
        np.issueDeposit(
          { ...config, apiKey: "wrong" },
          {
            clientRef: "X",
            amount: "1.00",
            currency: "TRY",
            cryptoType: "BTC",
            notifyUrl,
            returnUrl: notifyUrl,
            customer: { id: "c", name: "n", email: "e@x.io" },
          },
        ),
      ),
    ).toEqual({
      kind: "refused",
      error: { code: "INVALID_API_KEY", message: "The API key is not valid" },
    });
  });
});

describe("NOWPayments withdrawals (mass payouts)", () => {
  const withdrawal = (clientRef: string, extra: Record<string, string> = {}) => ({
    clientRef,
    amount: "1250.50",
    currency: "TRY",
    account: { crypto_type: "TRX", wallet_address: "TXYZwallet", ...extra },
    notifyUrl,
    createdAt: new Date().toISOString(),
  });
  /** Sends a withdrawal and records it under its payout id, as the domain does. */
  async function submit(order: ReturnType<typeof withdrawal>, on: NowpaymentsConfig = config) {
    const result = await np.submitWithdrawal(on, order);
    withdrawals.set(result.gatewayReference, {
      orderId: order.clientRef,
      amount: order.amount,
      currency: order.currency,
      account: order.account,
    });
    return result;
  }

  it("creates, verifies with the TOTP code, and reports finished for our fiat amount", async () => {
    const { gatewayReference } = await submit(withdrawal("WD-OK"));
    const payout = sim.state.payouts.get(gatewayReference)!;
    expect(payout).toMatchObject({
      status: "WAITING",
      currency: "trx",
      amount: "151.575757",
      address: "TXYZwallet",
      unique_external_id: "WD-OK",
    });
    // The WAITING IPN the verification sets off may come before we recorded the payout id: refused, sent again.
    await sim.settled();
    received.length = 0;
    sim.settlePayout(gatewayReference);
    await sim.settled();
    expect(outcomes()).toEqual([
      { status: "pending" },
      { status: "pending" },
      { status: "approved", amount: "1250.50", partnerReference: gatewayReference },
    ]);
    expect(
      received.every((r) => r.result.ok && r.result.orderId === "WD-OK" && r.result.direction === "withdrawal"),
    ).toBe(true);
    expect(await np.inquire(config, { clientRef: "WD-OK", direction: "withdrawal", gatewayReference })).toMatchObject({
      status: "approved",
      amount: "1250.50",
    });
  });

  it("never pays twice: a retry finds the payout by our reference, and verifies it if the first verification was lost", async () => {
    sim.answerNext(500, "/v1/payout/*");
    expect(await callFailure(np.submitWithdrawal(config, withdrawal("WD-RETRY")))).toMatchObject({ kind: "retry" });
    const created = [...sim.state.payouts.values()].filter((p) => p.unique_external_id === "WD-RETRY");
    expect(created.map((p) => p.status)).toEqual(["CREATING"]);
    const again = await np.submitWithdrawal(config, withdrawal("WD-RETRY"));
    const third = await np.submitWithdrawal(config, withdrawal("WD-RETRY"));
    expect(again.gatewayReference).toBe(created[0]!.id);
    expect(third.gatewayReference).toBe(created[0]!.id);
    expect(
      [...sim.state.payouts.values()].filter((p) => p.unique_external_id === "WD-RETRY").map((p) => p.status),
    ).toEqual(["WAITING"]);
    expect(
      await np.inquire(config, { clientRef: "WD-RETRY", direction: "withdrawal", gatewayReference: null }),
    ).toEqual({ status: "pending" });
  });

  it("failed and rejected payouts are declined; refusals of the payout are a definite no", async () => {
    const { gatewayReference } = await submit(withdrawal("WD-FAIL"));
    sim.settlePayout(gatewayReference, "failed");
    await sim.settled();
    expect(outcomes().at(-1)).toMatchObject({
      status: "declined",
      error: { code: "PAYOUT_FAILED", message: "Payout failed: Insufficient network fee" },
    });
    sim.setBalance("trx", 10);
    expect(await callFailure(np.submitWithdrawal(config, withdrawal("WD-POOR")))).toMatchObject({
      kind: "refused",
      error: { code: "NOT_ENOUGH_BALANCE", message: "Insufficient balance for the payout" },
    });
    sim.setBalance("trx", 1_000_000);
    expect(
      await callFailure(np.submitWithdrawal({ ...config, password: "wrong" }, withdrawal("WD-LOGIN"))),
    ).toMatchObject({ kind: "refused", error: { code: "INVALID_CREDENTIALS" } });
  });

  it("a refused verification after the payout was created is no refusal: the payout is answered unconfirmed", async () => {
    const wrong2fa = { ...config, twoFactorSecret: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ" };
    const result = await submit(withdrawal("WD-2FA"), wrong2fa);
    const created = [...sim.state.payouts.values()].filter((p) => p.unique_external_id === "WD-2FA");
    expect(created.map((p) => [p.id, p.status])).toEqual([[result.gatewayReference, "CREATING"]]);
    expect(result).toEqual({
      gatewayReference: created[0]!.id,
      unconfirmed: { code: "INVALID_VERIFICATION_CODE", message: "The 2FA verification code was refused" },
    });
    // Sent again (a resubmission): the same payout, still unconfirmed, never a second one.
    expect(await np.submitWithdrawal(wrong2fa, withdrawal("WD-2FA"))).toEqual(result);
    expect(
      await np.inquire(config, {
        clientRef: "WD-2FA",
        direction: "withdrawal",
        gatewayReference: result.gatewayReference,
      }),
    ).toEqual({ status: "pending" });
    sim.rejectPayout(result.gatewayReference);
    await sim.settled();
    expect(outcomes().at(-1)).toMatchObject({ status: "declined", error: { code: "PAYOUT_REJECTED" } });
  });

  it("the look-before-create pages through every payout since the order, not only the newest 100", async () => {
    const order = withdrawal("WD-PAGED");
    sim.answerNext(500, "/v1/payout/*");
    expect(await callFailure(np.submitWithdrawal(config, order))).toMatchObject({ kind: "retry" });
    // Other payouts of the account made after ours: ours is no longer on the first page.
    sim.seedPayouts(250);
    const again = await np.submitWithdrawal(config, order);
    const ours = [...sim.state.payouts.values()].filter((p) => p.unique_external_id === "WD-PAGED");
    expect(ours.map((p) => [p.id, p.status])).toEqual([[again.gatewayReference, "WAITING"]]);
  });

  it("reads the payout status as NOWPayments answers it: the payout's batch", async () => {
    const { gatewayReference } = await submit(withdrawal("WD-BATCH"));
    const answer = await fetch(`${sim.url}/payout/${gatewayReference}`, {
      headers: { "x-api-key": config.apiKey },
    }).then((r) => r.json());
    expect(answer).toMatchObject({
      id: sim.state.payouts.get(gatewayReference)!.batch_withdrawal_id,
      withdrawals: [{ id: gatewayReference, unique_external_id: "WD-BATCH" }],
    });
    expect(await np.inquire(config, { clientRef: "WD-BATCH", direction: "withdrawal", gatewayReference })).toEqual({
      status: "pending",
    });
    sim.settlePayout(gatewayReference);
    await sim.settled();
    expect(await np.inquire(config, { clientRef: "WD-BATCH", direction: "withdrawal", gatewayReference })).toEqual({
      status: "approved",
      amount: "1250.50",
      partnerReference: gatewayReference,
    });
  });

  it("a payout IPN is verified without asking NOWPayments: bound to the withdrawal recorded under its payout id", async () => {
    const { gatewayReference } = await submit(withdrawal("WD-TAMPER"));
    await sim.settled();
    const genuine = received.at(-1)!.message;
    const body = JSON.parse(genuine.rawBody) as Record<string, unknown>;
    const sig = genuine.headers["x-nowpayments-sig"];
    expect(
      await np.verifyNotification(
        config,
        fakeMessage(JSON.stringify({ ...body, status: "FINISHED" }), sig),
        lookup,
        byReference,
      ),
    ).toMatchObject({ ok: false, ack: { status: 401 } });
    // NOWPayments slower than it lets us be: the answer does not wait for it.
    sim.delay(5000);
    const started = Date.now();
    expect(await np.verifyNotification(config, genuine, lookup, byReference)).toMatchObject({
      ok: true,
      orderId: "WD-TAMPER",
      outcome: { status: "pending" },
    });
    expect(Date.now() - started).toBeLessThan(1000);
    sim.delay(0);
    // Signed, but for a payout we have not recorded, or naming another wallet than ours: refused (sent again later).
    expect(await np.verifyNotification(config, genuine, lookup, async () => null)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("not a withdrawal recorded here"),
    });
    const otherWallet = {
      ...withdrawals.get(gatewayReference)!,
      account: { crypto_type: "TRX", wallet_address: "TAnotherWallet" },
    };
    expect(await np.verifyNotification(config, genuine, lookup, async () => otherWallet)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("another wallet"),
    });
  });
});

describe("NOWPayments test connection", () => {
  it("accepts the simulator's account and names what is wrong otherwise", async () => {
    expect(await np.testConnection(config)).toEqual({
      ok: true,
      message: "API key and payout login accepted; 5 coins enabled for payments",
    });
    expect(await np.testConnection({ ...config, apiKey: "wrong" })).toEqual({
      ok: false,
      message: "NOWPayments refused the API key",
    });
    expect(await np.testConnection({ ...config, password: "wrong" })).toEqual({
      ok: false,
      message: "API key accepted, but the payout login (email/password) was refused",
    });
  });
});
