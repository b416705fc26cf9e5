import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { GATEWAY_SIGNATURE_HEADER } from "@/lib/integrations/gateways/third-party-gateway";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { signForGateway } from "@/lib/integrations/gateways/gateway-secret";
import { decideSandboxOrder } from "@/lib/integrations/sandbox/gateways/sandbox-gateway-orders";
import { chooseDepositGateway } from "@/lib/domain/third-party/choose-deposit-gateway";
import { startCallbackReceiver, verifyAsReceiver } from "../support/callback-receiver";
import { createTenant, offerGateways } from "../support/fixtures";
import { httpRequest } from "../support/http";
import { callWithSite } from "../support/provider-calls";
import { signedRequest } from "../support/signed-request";
import { insertTransaction } from "../support/transactions";
import { handedOver } from "../support/hand-over";
import { KINDS } from "@/lib/domain/payment-methods/third-party-kinds";
import { submitWithdrawalToGateway } from "@/lib/domain/third-party/submit-withdrawal-to-gateway";

const baseUrl = inject("baseUrl");
const customer = { user_id: "u-3", username: "can", fullname: "Can Öztürk" };
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const IBAN = "TR330006100519786457841326";
const flipFirstHexDigit = (hex: string) => (hex[0] === "0" ? "1" : "0") + hex.slice(1);
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
});
afterAll(() => receiver.close());

async function gateways(adapter = "sandbox") {
  const suffix = randomCodeGroup(6).toLowerCase();
  const make = (method: "BANK" | "CRYPTO" | "WALLET", extra: Record<string, unknown>) =>
    saveGateway(
      undefined,
      {
        method,
        name: `GW ${method} ${suffix}`,
        code: `t-${method.toLowerCase()}-${suffix}`,
        minAmount: "10",
        maxAmount: "5000",
        description: "test",
        isActive: true,
        requiredFields: [],
        supportedCryptoTypes: [],
        ...extra,
      },
      { label: "test" },
    );
  const bank = await make("BANK", { requiredFields: ["iban", "account_holder"] });
  const crypto = await make("CRYPTO", {
    requiredFields: ["crypto_type", "wallet_address"],
    supportedCryptoTypes: ["USDT-TRC20", "BTC"],
  });
  const wallet = await make("WALLET", { requiredFields: ["wallet_number"] });
  if (adapter !== "sandbox")
    await prisma.gateway.updateMany({ where: { id: { in: [bank.id, crypto.id, wallet.id] } }, data: { adapter } });
  return { bank, crypto, wallet };
}

describe("gateway lists", () => {
  it("list the active gateways of one method with the spec's fields", async () => {
    const t = await createTenant();
    const g = await gateways();
    await prisma.gateway.update({ where: { id: g.wallet.id }, data: { isActive: false } });
    const crypto = await signedRequest(baseUrl, "/api/provider/third-party/crypto/gateways", t.creds, {
      method: "GET",
    });
    expect(crypto.status).toBe(200);
    expect(crypto.json).toMatchObject({
      success: true,
      message: expect.any(String),
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    const data = crypto.json.data as { gateways: Record<string, unknown>[]; count: number };
    expect(data.count).toBe(data.gateways.length);
    expect(data.gateways).toContainEqual({
      id: g.crypto.id,
      name: g.crypto.name,
      code: g.crypto.code,
      min_amount: 10,
      max_amount: 5000,
      required_fields: ["crypto_type", "wallet_address"],
      supported_crypto_types: ["USDT-TRC20", "BTC"],
      description: "test",
    });
    const bank = await signedRequest(baseUrl, "/api/provider/third-party/bank/gateways", t.creds, { method: "GET" });
    const bankGateway = (bank.json.data as { gateways: Record<string, unknown>[] }).gateways.find(
      (x) => x.id === g.bank.id,
    )!;
    expect(Object.keys(bankGateway).sort()).toEqual([
      "code",
      "description",
      "id",
      "max_amount",
      "min_amount",
      "name",
      "required_fields",
    ]);
    const wallets = await signedRequest(baseUrl, "/api/provider/third-party/wallet/gateways", t.creds, {
      method: "GET",
    });
    expect((wallets.json.data as { gateways: { id: number }[] }).gateways.map((x) => x.id)).not.toContain(g.wallet.id);
  });
});

describe("start-deposit", () => {
  it("answers each method's fields; the customer picks a gateway on the page; the gateway's confirmation completes it", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const g = await gateways();
    await offerGateways(t.site.id, g.bank, g.crypto, g.wallet);
    const bank = await callWithSite("/api/provider/third-party/bank/start-deposit", t.creds, t.site.credential_key, {
      ...customer,
      amount: 100,
    });
    expect(Object.keys(bank.json.data as object).sort()).toEqual([
      "amount",
      "created_at",
      "customer",
      "expires_at",
      "payment_method",
      "payment_url",
      "site",
      "status",
      "tracking_code",
      "type",
    ]);
    expect(bank.json).toMatchObject({
      data: {
        type: "third_party_bank_deposit",
        payment_method: "bank",
        status: "showing",
        tracking_code: expect.stringMatching(/^TPBD-/),
      },
      timestamp: expect.any(String),
    });
    const crypto = await callWithSite(
      "/api/provider/third-party/crypto/start-deposit",
      t.creds,
      t.site.credential_key,
      { ...customer, amount: 342.5 },
    );
    expect(Object.keys(crypto.json.data as object).sort()).toEqual([
      "amount",
      "expires_at",
      "payment_method",
      "payment_url",
      "status",
      "tracking_code",
      "type",
    ]);
    expect(crypto.json.data).toMatchObject({
      type: "third_party_crypto_deposit",
      payment_method: "crypto",
      tracking_code: expect.stringMatching(/^TPCD-/),
    });
    const wallet = await callWithSite(
      "/api/provider/third-party/wallet/start-deposit",
      t.creds,
      t.site.credential_key,
      { ...customer, amount: 50 },
    );
    expect(Object.keys(wallet.json.data as object).sort()).toEqual([
      "amount",
      "payment_method",
      "payment_url",
      "status",
      "tracking_code",
      "type",
    ]);

    const code = String((crypto.json.data as Record<string, string>).tracking_code);
    const token = String((crypto.json.data as Record<string, string>).payment_url).split("/pay/")[1]!;
    await expect(chooseDepositGateway(token, g.crypto.id, "ETH")).rejects.toMatchObject({ code: "VALIDATION" });
    await chooseDepositGateway(token, g.crypto.id, "USDT-TRC20");
    const pending = await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code } });
    expect(pending).toMatchObject({ status: "pending", gatewayId: g.crypto.id });
    expect(pending.gatewayDetails).toMatchObject({
      kind: "crypto",
      network: "TRC20",
      coinAmount: "10.00",
      address: TRON,
    });
    const order = await prisma.sandboxGatewayOrder.findFirstOrThrow({ where: { clientRef: code } });
    expect(await decideSandboxOrder(order.reference, "confirmed")).toEqual({ status: "confirmed", delivered: true });
    const [callback] = await receiver.forTrackingCode(code);
    expect(verifyAsReceiver(callback!, t.creds.apiKey, t.creds.secretKey)).toBe(true);
    expect(callback!.body).toMatchObject({
      status: "completed",
      amount: 342.5,
      type: "third_party_crypto_deposit",
      payment_method: "crypto",
      crypto_type: "USDT-TRC20",
      wallet_address: TRON,
      site_id: t.site.id,
    });
    // The same notification again changes nothing.
    expect(await decideSandboxOrder(order.reference, "declined")).toEqual({ status: "confirmed", delivered: true });
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: code } })).toBe(1);
  });
});

describe("start-withdrawal", () => {
  it("validates against the gateway, one message per rule", async () => {
    const t = await createTenant();
    const g = await gateways();
    const call = (kind: string, body: Record<string, unknown>) =>
      callWithSite(`/api/provider/third-party/${kind}/start-withdrawal`, t.creds, t.site.credential_key, {
        ...customer,
        ...body,
      });
    expect(
      (await call("crypto", { amount: 100, gateway_id: 999999, crypto_type: "BTC", wallet_address: "x" })).json
        .messages,
    ).toEqual(["gateway_id does not name an active crypto gateway"]);
    expect(
      (await call("crypto", { amount: 100, gateway_id: g.bank.id, crypto_type: "BTC", wallet_address: "x" })).json
        .messages,
    ).toEqual(["gateway_id does not name an active crypto gateway"]);
    const bad = await call("crypto", {
      amount: 9000,
      gateway_id: g.crypto.id,
      crypto_type: "ETH",
      wallet_address: "0x742d35Cc6634C0532925a3b844Bc454e4438f44e",
    });
    expect(bad.status).toBe(422);
    expect(bad.json.messages).toEqual([
      "amount must be between 10.00 and 5000.00 for this gateway",
      "crypto_type must be one of USDT-TRC20, BTC",
    ]);
    expect(
      (
        await call("crypto", {
          amount: 100,
          gateway_id: g.crypto.id,
          crypto_type: "USDT-TRC20",
          wallet_address: "0x742d35Cc6634C0532925a3b844Bc454e4438f44e",
        })
      ).json.messages,
    ).toEqual(["wallet_address is not a valid TRC20 address"]);
    expect(
      (await call("bank", { amount: 100, gateway_id: g.bank.id, iban: "TR330006100519786457841327" })).json.messages,
    ).toEqual(["account_holder is required by this gateway", "iban is not a valid IBAN"]);
    expect((await call("wallet", { amount: 100, gateway_id: g.wallet.id })).json.messages).toEqual([
      "wallet_number is required",
    ]);
    expect(await prisma.transaction.count({ where: { siteId: t.site.id } })).toBe(0);
  });

  it("is handed to the gateway right after the answer (processing) and settles by the gateway's signed notification", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const g = await gateways();
    const res = await callWithSite(
      "/api/provider/third-party/crypto/start-withdrawal",
      t.creds,
      t.site.credential_key,
      { ...customer, amount: 200, gateway_id: g.crypto.id, crypto_type: "usdt-trc20", wallet_address: TRON },
    );
    expect(res.json.data).toEqual({
      tracking_code: expect.stringMatching(/^TPCW-/),
      type: "third_party_crypto_withdrawal",
      payment_method: "crypto",
      amount: 200,
      status: "showing",
    });
    const code = String((res.json.data as Record<string, string>).tracking_code);
    expect((await handedOver(code)).status).toBe("processing");
    const order = await prisma.sandboxGatewayOrder.findFirstOrThrow({ where: { clientRef: code } });
    const forged = JSON.stringify({
      reference: order.reference,
      clientRef: code,
      kind: "withdrawal",
      status: "completed",
    });
    const gateway = await prisma.gateway.findUniqueOrThrow({ where: { id: g.crypto.id } });
    const refused = await httpRequest({
      url: `${baseUrl}/api/webhooks/gateways/${gateway.code}`,
      body: forged,
      headers: {
        "content-type": "application/json",
        [GATEWAY_SIGNATURE_HEADER]: flipFirstHexDigit(signForGateway(gateway, forged)),
      },
    });
    expect(refused.status).toBe(401);
    expect((await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code } })).status).toBe("processing");
    await decideSandboxOrder(order.reference, "completed");
    const [callback] = await receiver.forTrackingCode(code);
    expect(callback!.body).toMatchObject({
      status: "completed",
      amount: 200,
      type: "third_party_crypto_withdrawal",
      payment_method: "crypto",
      crypto_type: "USDT-TRC20",
      wallet_address: TRON,
    });
    expect(callback!.body.iban).toBeUndefined();

    const bank = await callWithSite("/api/provider/third-party/bank/start-withdrawal", t.creds, t.site.credential_key, {
      ...customer,
      amount: 150,
      gateway_id: g.bank.id,
      iban: IBAN,
      account_holder: "Can Öztürk",
    });
    expect(bank.json).toMatchObject({
      data: { type: "third_party_bank_withdrawal", status: "showing", site: { id: t.site.id }, customer },
      timestamp: expect.any(String),
    });
    const bankCode = String((bank.json.data as Record<string, string>).tracking_code);
    await handedOver(bankCode);
    await decideSandboxOrder(
      (await prisma.sandboxGatewayOrder.findFirstOrThrow({ where: { clientRef: bankCode } })).reference,
      "rejected",
      "name mismatch",
    );
    expect((await receiver.forTrackingCode(bankCode))[0]!.body).toMatchObject({
      status: "rejected",
      iban: IBAN,
      account_holder: "Can Öztürk",
      payment_method: "bank",
    });
  });

  it("a gateway without a usable connector is refused (422, nothing created); one never claimed is canceled at expires_at, with a callback", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const g = await gateways("unreachable");
    const res = await callWithSite(
      "/api/provider/third-party/wallet/start-withdrawal",
      t.creds,
      t.site.credential_key,
      { ...customer, amount: 20, gateway_id: g.wallet.id, wallet_number: "5001234567" },
    );
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({
      success: false,
      messages: [expect.stringContaining('connector "unreachable" is not available')],
    });
    expect(await prisma.transaction.count({ where: { siteId: t.site.id } })).toBe(0);
    // A withdrawal created while its gateway could be called but never handed over (the gateway became
    // uncallable before the claim) is never claimed: the expiry job cancels it.
    const w = await insertTransaction(t, {
      trackingCode: `TPWW-${randomCodeGroup(8)}`,
      method: KINDS.wallet.method,
      direction: "WITHDRAWAL",
      status: "showing",
      gatewayId: g.wallet.id,
      amount: "20.00",
      accountDetails: { wallet_number: "5001234567" },
      recipientName: customer.fullname,
      paymentToken: null,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await submitWithdrawalToGateway(w.id)).toBe(false);
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: w.id } })).status).toBe("showing");
    await prisma.transaction.update({ where: { id: w.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await receiver.forTrackingCode(w.trackingCode))[0]!.body).toMatchObject({
      status: "canceled",
      wallet_number: "5001234567",
      type: "third_party_wallet_withdrawal",
    });
  });
});
