import { gatewayMethodOf } from "@/lib/domain/payment-methods";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { pollBankStatements } from "@/lib/domain/eiban/poll-bank-statements";
import { inquireOpenGatewayOrders } from "@/lib/domain/third-party/inquire-open-orders";
import { rotateGatewaySecret, saveGateway } from "@/lib/domain/third-party/save-gateway";
import { resubmitUnsentWithdrawals } from "@/lib/domain/third-party/submit-withdrawal-to-gateway";
import { chooseDepositGateway } from "@/lib/domain/third-party/choose-deposit-gateway";
import { sealBankConfig } from "@/lib/domain/transfers/wallet-bank";
import { BANK_SIGNATURE_HEADER, hmacHex } from "@/lib/integrations/connectors/http-partner/signature";
import { signForGateway } from "@/lib/integrations/gateways/gateway-secret";
import { GATEWAY_SIGNATURE_HEADER } from "@/lib/integrations/gateways/third-party-gateway";
import { simulateIncomingPayment } from "@/lib/integrations/sandbox/bank/simulate-incoming";
import { decideSandboxOrder } from "@/lib/integrations/sandbox/gateways/sandbox-gateway-orders";
import { admin } from "../support/admin-cli";
import { startCallbackReceiver } from "../support/callback-receiver";
import { addFundedWallet, createTenant, offerGateways } from "../support/fixtures";
import { httpRequest } from "../support/http";
import { startPartnerSimulator } from "../simulators/http-partner/server";
import { handedOver } from "../support/hand-over";
import { callWithSite } from "../support/provider-calls";
import { runsJobsForEveryRow } from "../support/time-travel-lock";

// Runs the status inquiry or the statement poller for every open row at a later time: one such file at a time.
runsJobsForEveryRow();

const baseUrl = inject("baseUrl");
const customer = { user_id: "u-9", username: "deniz", fullname: "Deniz Aksoy" };
const ACTOR = { label: "test" };
const MINUTE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
});
afterAll(() => receiver.close());

function walletGateway(extra: Record<string, unknown> = {}) {
  const suffix = randomCodeGroup(6).toLowerCase();
  return saveGateway(
    undefined,
    {
      method: "WALLET",
      name: `Wallet ${suffix}`,
      code: `c-wallet-${suffix}`,
      minAmount: "10",
      maxAmount: "5000",
      description: "test",
      isActive: true,
      requiredFields: ["wallet_number"],
      supportedCryptoTypes: [],
      ...extra,
    },
    ACTOR,
  );
}

async function startWithdrawal(t: Awaited<ReturnType<typeof createTenant>>, gatewayId: number) {
  const res = await callWithSite("/api/provider/third-party/wallet/start-withdrawal", t.creds, t.site.credential_key, {
    ...customer,
    amount: 20,
    gateway_id: gatewayId,
    wallet_number: "5001234567",
  });
  expect(res.status).toBe(200);
  return handedOver(String((res.json.data as Record<string, string>).tracking_code));
}

const row = (id: number) => prisma.transaction.findUniqueOrThrow({ where: { id } });

describe("a resent withdrawal the gateway answers 429, then 409", () => {
  it("is never failed: it waits as accepted, is not sent again, and the gateway's later notification completes it", async () => {
    const secret = "sim-secret-0123456789abcdef";
    // First send: accepted, but the answer comes after our timeout. Resend: 429 (slow down), then 409 (already have it).
    const sim = await startPartnerSimulator(secret, (call) =>
      call.n === 1
        ? { status: 200, body: { gatewayReference: "SIM-1" }, delayMs: 5000 }
        : call.n === 2
          ? { status: 429, headers: { "retry-after": "1" }, body: { message: "slow down" } }
          : { status: 409, body: { message: "clientRef already known" } },
    );
    try {
      const t = await createTenant({ callbackUrl: receiver.url });
      const gateway = await walletGateway({
        connector: "http-partner",
        config: { baseUrl: sim.url, secret, merchantId: "m-1", timeoutMs: 2500 },
      });
      const w = await startWithdrawal(t, gateway.id);
      expect(await row(w.id)).toMatchObject({ status: "processing", gatewayReference: null, gatewayAttempts: 1 });
      expect(sim.calls[0]!.body).toMatchObject({
        merchantId: "m-1",
        clientRef: w.trackingCode,
        amount: "20.00",
        notifyUrl: `${baseUrl}/api/webhooks/gateways/id/${gateway.id}`,
      });

      await resubmitUnsentWithdrawals(later(10 * MINUTE));
      expect(sim.calls).toHaveLength(2);
      expect(await row(w.id)).toMatchObject({ status: "processing", gatewayAttempts: 2 });

      await resubmitUnsentWithdrawals(later(60 * MINUTE));
      expect(sim.calls).toHaveLength(3);
      expect(await row(w.id)).toMatchObject({ status: "processing", gatewayAcceptedAt: expect.any(Date) });
      await resubmitUnsentWithdrawals(later(120 * MINUTE));
      expect(sim.calls).toHaveLength(3);
      expect(await prisma.callbackDelivery.count({ where: { transactionId: w.id } })).toBe(0);

      const done = await sim.notify(String(sim.calls[0]!.body.notifyUrl), {
        reference: "SIM-1",
        clientRef: w.trackingCode,
        kind: "withdrawal",
        status: "completed",
        amount: "20.00",
      });
      expect(done).toMatchObject({ status: 200, json: { success: true, status: "applied" } });
      expect(await row(w.id)).toMatchObject({ status: "completed", gatewayReference: "SIM-1" });
      expect((await receiver.forTrackingCode(w.trackingCode))[0]!.body).toMatchObject({
        status: "completed",
        type: "third_party_wallet_withdrawal",
      });
    } finally {
      await sim.close();
    }
  });

  it("a 422 is the gateway's definite refusal: the withdrawal fails with its words", async () => {
    const secret = "sim-secret-abcdef0123456789";
    const sim = await startPartnerSimulator(secret, () => ({
      status: 422,
      body: { code: "ACCOUNT_CLOSED", message: "wallet is closed" },
    }));
    try {
      const t = await createTenant({ callbackUrl: receiver.url });
      const gateway = await walletGateway({
        connector: "http-partner",
        config: { baseUrl: sim.url, secret, merchantId: "m-2" },
      });
      const w = await startWithdrawal(t, gateway.id);
      expect(await row(w.id)).toMatchObject({ status: "failed", errorMessage: "ACCOUNT_CLOSED: wallet is closed" });
    } finally {
      await sim.close();
    }
  });
});

describe("renaming a gateway and rotating its secret with orders open", () => {
  it("a notification signed with the old secret within the grace period, to the URL the order was given, still applies", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gateway = await walletGateway();
    const byId = await startWithdrawal(t, gateway.id);
    const byCode = await startWithdrawal(t, gateway.id);
    const orderOf = (clientRef: string) => prisma.sandboxGatewayOrder.findFirstOrThrow({ where: { clientRef } });
    expect((await orderOf(byId.trackingCode)).notifyUrl).toBe(`${baseUrl}/api/webhooks/gateways/id/${gateway.id}`);
    // An order issued before notify URLs carried the id: it was given the code-based path.
    const codeUrl = `${baseUrl}/api/webhooks/gateways/${gateway.code}`;
    const before = await prisma.gateway.findUniqueOrThrow({ where: { id: gateway.id } });

    await saveGateway(
      gateway.id,
      {
        ...gateway,
        method: gatewayMethodOf(gateway.method),
        minAmount: "10",
        maxAmount: "5000",
        code: `${gateway.code}-renamed`,
      },
      ACTOR,
    );
    await rotateGatewaySecret(gateway.id, ACTOR, 3600);
    const post = (url: string, body: Record<string, unknown>, signer: typeof before) => {
      const raw = JSON.stringify(body);
      return httpRequest({
        url,
        body: raw,
        headers: { "content-type": "application/json", [GATEWAY_SIGNATURE_HEADER]: signForGateway(signer, raw) },
      });
    };
    const completed = async (w: typeof byId) => ({
      reference: (await orderOf(w.trackingCode)).reference,
      clientRef: w.trackingCode,
      kind: "withdrawal",
      status: "completed",
      amount: "20.00",
    });

    expect(
      (await post((await orderOf(byId.trackingCode)).notifyUrl, await completed(byId), before)).json,
    ).toMatchObject({ status: "applied" });
    expect((await post(codeUrl, await completed(byCode), before)).json).toMatchObject({ status: "applied" });
    expect((await row(byId.id)).status).toBe("completed");
    expect((await row(byCode.id)).status).toBe("completed");

    // Once the grace period is over, the old secret verifies nothing.
    const third = await startWithdrawal(t, gateway.id);
    await prisma.gateway.update({
      where: { id: gateway.id },
      data: { previousConfigUntil: new Date(Date.now() - 1000) },
    });
    expect((await post((await orderOf(third.trackingCode)).notifyUrl, await completed(third), before)).status).toBe(
      401,
    );
    expect((await row(third.id)).status).toBe("processing");
    const current = await prisma.gateway.findUniqueOrThrow({ where: { id: gateway.id } });
    expect((await post(codeUrl, await completed(third), current)).json).toMatchObject({ status: "applied" });
  });
});

describe("the status inquiry", () => {
  it("recovers a notification the gateway never delivered, once, through the lifecycle", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const gateway = await walletGateway();
    const w = await startWithdrawal(t, gateway.id);
    await offerGateways(t.site.id, gateway);
    const deposit = await callWithSite(
      "/api/provider/third-party/wallet/start-deposit",
      t.creds,
      t.site.credential_key,
      { ...customer, amount: 50 },
    );
    const depositCode = String((deposit.json.data as Record<string, string>).tracking_code);
    await chooseDepositGateway(
      String((deposit.json.data as Record<string, string>).payment_url).split("/pay/")[1]!,
      gateway.id,
    );
    for (const code of [w.trackingCode, depositCode]) {
      const order = await prisma.sandboxGatewayOrder.findFirstOrThrow({ where: { clientRef: code } });
      expect(
        await decideSandboxOrder(order.reference, order.kind === "deposit" ? "confirmed" : "completed", undefined, {
          notify: false,
        }),
      ).toMatchObject({ delivered: false });
    }
    expect((await row(w.id)).status).toBe("processing");
    await inquireOpenGatewayOrders(new Date(), 10 * MINUTE); // not yet past its expected time: not asked
    expect(await row(w.id)).toMatchObject({ status: "processing", gatewayInquiredAt: null });

    // Other tests' open orders share the database: ask until ours were asked (each is asked once per run).
    for (
      let i = 1;
      i <= 10 &&
      (await prisma.transaction.count({
        where: { trackingCode: { in: [w.trackingCode, depositCode] }, gatewayInquiredAt: null },
      }));
      i++
    ) {
      await inquireOpenGatewayOrders(later(11 * MINUTE));
    }
    expect((await row(w.id)).status).toBe("completed");
    expect((await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: depositCode } })).status).toBe(
      "completed",
    );
    await inquireOpenGatewayOrders(later(30 * MINUTE));
    expect((await receiver.forTrackingCode(w.trackingCode)).map((c) => c.body.status)).toEqual(["completed"]);
    expect(
      await prisma.callbackDelivery.count({ where: { trackingCode: { in: [w.trackingCode, depositCode] } } }),
    ).toBe(2);
  });
});

describe("an order the gateway answered 409 for but later does not know", () => {
  it("raises one Needs attention alert, and the withdrawal stays open", async () => {
    const secret = "sim-secret-lost-0123456789";
    const sim = await startPartnerSimulator(secret, (call) =>
      call.path.endsWith("/inquiries")
        ? { status: 200, body: { clientRef: call.body.clientRef, kind: "withdrawal", status: "not_found" } }
        : { status: 409, body: { message: "clientRef already known" } },
    );
    try {
      const t = await createTenant({ callbackUrl: receiver.url });
      const gateway = await walletGateway({
        connector: "http-partner",
        config: { baseUrl: sim.url, secret, merchantId: "m-3" },
      });
      const w = await startWithdrawal(t, gateway.id);
      expect(await row(w.id)).toMatchObject({ status: "processing", gatewayAcceptedAt: expect.any(Date) });
      const alerts = () => prisma.alert.findMany({ where: { transactionId: w.id } });
      for (let i = 1; i <= 10 && !sim.calls.some((c) => c.path.endsWith("/inquiries")); i++)
        await inquireOpenGatewayOrders(later(11 * MINUTE * i));
      expect(await alerts()).toEqual([
        expect.objectContaining({
          kind: "gateway_lost_order",
          source: `gateway ${gateway.code}`,
          message: expect.stringContaining(w.trackingCode),
        }),
      ]);
      await prisma.transaction.update({ where: { id: w.id }, data: { gatewayInquiredAt: null } });
      for (let i = 20; i <= 30 && (await row(w.id)).gatewayInquiredAt === null; i++)
        await inquireOpenGatewayOrders(later(11 * MINUTE * i));
      expect(await alerts()).toHaveLength(1);
      expect(await row(w.id)).toMatchObject({ status: "processing" });
    } finally {
      await sim.close();
    }
  });
});

describe("the bank webhook of a wallet with a bank connector", () => {
  it("is verified with that wallet's secret and booked once; the shared secret is no longer needed, a wrong secret books nothing", async () => {
    const t = await createTenant();
    const iban = ibanFromBban(
      "TR",
      `00829${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
    );
    const wallet = await addFundedWallet({ dealerId: t.dealer.id, iban, balance: "100.00" });
    const secret = `bank-secret-${randomCodeGroup(8)}`;
    // The sandbox bank's host still serves it; only the wallet's own secret signs its notifications now.
    const sealed = sealBankConfig("http-partner", { baseUrl: `${baseUrl}/sandbox/bank/api`, secret });
    await prisma.eibanWallet.update({
      where: { id: wallet.id },
      data: { connector: "http-partner", connectorConfig: sealed as object },
    });
    const reference = `BNK-${randomCodeGroup(10)}`;
    const body = JSON.stringify({
      type: "incoming",
      reference,
      iban,
      amount: "42.10",
      senderName: "Ayşe Demir",
      senderIban: "TR330006100519786457841326",
      description: "push",
      occurredAt: new Date().toISOString(),
    });
    const post = (signature: string) =>
      httpRequest({
        url: `${baseUrl}/api/webhooks/bank`,
        body,
        headers: { "content-type": "application/json", [BANK_SIGNATURE_HEADER]: signature },
      });
    const lines = () => prisma.eibanTransaction.count({ where: { externalId: reference } });

    expect((await post(hmacHex("not-this-wallets-secret", body))).status).toBe(401);
    expect(await lines()).toBe(0);
    const ok = await post(hmacHex(secret, body));
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ success: true, booked: 1 });
    expect((await post(hmacHex(secret, body))).json).toMatchObject({ success: true, booked: 0 });
    expect(await lines()).toBe(1);
    expect((await prisma.eibanWallet.findUniqueOrThrow({ where: { id: wallet.id } })).balance.toFixed(2)).toBe(
      "142.10",
    );
    await prisma.eibanWallet.update({ where: { id: wallet.id }, data: { isActive: false } });
  });
});

describe("the bank statement poller", () => {
  it("records a payment whose notification never came, once", async () => {
    const t = await createTenant();
    const iban = ibanFromBban(
      "TR",
      `00829${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
    );
    const wallet = await addFundedWallet({ dealerId: t.dealer.id, iban, balance: "100.00" });
    const { reference } = await simulateIncomingPayment(
      {
        iban,
        amount: "75.50",
        senderName: "Ali Veli",
        senderIban: "TR330006100519786457841326",
        description: "lost notice",
      },
      { notify: false },
    );
    const lines = () => prisma.eibanTransaction.count({ where: { externalId: reference } });
    expect(await lines()).toBe(0);
    for (let i = 1; i <= 10 && (await lines()) === 0; i++) await pollBankStatements(later(i * 2 * MINUTE));
    expect(await lines()).toBe(1);
    await prisma.eibanWallet.update({ where: { id: wallet.id }, data: { statementCursor: null } }); // a cursor lost: everything is read again
    for (let i = 30; i <= 40; i++) await pollBankStatements(later(i * 2 * MINUTE));
    expect(await lines()).toBe(1);
    expect((await prisma.eibanWallet.findUniqueOrThrow({ where: { id: wallet.id } })).balance.toFixed(2)).toBe(
      "175.50",
    );
  });
});

describe("admin CLI connector configuration", () => {
  it("refuses a configuration missing a key or with an unknown one, naming it (exit 2, nothing saved); a valid one is stored with its secret masked", async () => {
    const code = `cli-gw-${randomCodeGroup(6).toLowerCase()}`;
    const base = [
      "gateway:add",
      "--method",
      "wallet",
      "--name",
      "CLI GW",
      "--code",
      code,
      "--min",
      "10",
      "--max",
      "100",
      "--required-fields",
      "wallet_number",
      "--connector",
      "http-partner",
    ];
    const missing = admin(...base, "--config", JSON.stringify({ baseUrl: "https://gw.example/api" }));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/secret/);
    const unknown = admin(
      ...base,
      "--config",
      JSON.stringify({ baseUrl: "https://gw.example/api", secret: "0123456789abcdefXYZ", colour: "red" }),
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/colour/);
    const wrongConnector = admin(...base.slice(0, -1), "nope", "--config", "{}");
    expect(wrongConnector.code).toBe(2);
    expect(wrongConnector.stderr).toMatch(/connector must be one of http-partner/);
    {
      expect(await prisma.gateway.count({ where: { code } })).toBe(0);
      const ok = admin(
        ...base,
        "--config",
        JSON.stringify({ baseUrl: "https://gw.example/api", secret: "0123456789abcdefXYZ", merchantId: "42" }),
      );
      expect(ok.code).toBe(0);
      expect(ok.json()).toMatchObject({
        code,
        connector: "http-partner",
        config: { baseUrl: "https://gw.example/api", merchantId: "42", secret: "••••" },
      });
      expect(ok.stdout).not.toContain("0123456789abcdefXYZ");

      const iban = ibanFromBban(
        "TR",
        `00829${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
      );
      const t = await createTenant();
      const wallet = admin(
        "eiban:add",
        "--dealer",
        String(t.dealer.id),
        "--iban",
        iban,
        "--bank",
        "B",
        "--holder",
        "H",
        "--connector",
        "http-partner",
        "--config",
        JSON.stringify({ secret: "0123456789abcdefXYZ" }),
      );
      expect(wallet.code).toBe(2);
      expect(wallet.stderr).toMatch(/baseUrl/);
      expect(await prisma.eibanWallet.count({ where: { iban } })).toBe(0);
    }
  }, 240_000); // six CLI processes
});
