import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { approveDeposit } from "@/lib/domain/approvals/approve-deposit";
import { processWithdrawal } from "@/lib/domain/approvals/process-withdrawal";
import { sendEibanWithdrawal } from "@/lib/domain/approvals/send-eiban-withdrawal";
import { startCardCheckout } from "@/lib/domain/cards/start-checkout";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { addEibanWallet } from "@/lib/domain/eiban/add-eiban-wallet";
import { signForGateway } from "@/lib/integrations/gateways/gateway-secret";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { GATEWAY_SIGNATURE_HEADER } from "@/lib/integrations/gateways/third-party-gateway";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { expireTransaction } from "@/lib/domain/jobs/expire-transactions";
import { customerDecision } from "@/lib/domain/customers/customer-actions";
import { submitSandboxCard } from "@/lib/integrations/sandbox/acquirer/sandbox-checkout";
import { openSandboxAccount } from "@/lib/integrations/sandbox/bank/sandbox-accounts";
import { simulateIncomingPayment } from "@/lib/integrations/sandbox/bank/simulate-incoming";
import { decideSandboxOrder } from "@/lib/integrations/sandbox/gateways/sandbox-gateway-orders";
import { chooseDepositGateway } from "@/lib/domain/third-party/choose-deposit-gateway";
import { submitWithdrawalToGateway } from "@/lib/domain/third-party/submit-withdrawal-to-gateway";
import { startCallbackReceiver } from "../support/callback-receiver";
import { addFundedWallet, createTenant, offerGateways } from "../support/fixtures";
import { httpRequest } from "../support/http";
import { callWithSite } from "../support/provider-calls";
import { signedRequest } from "../support/signed-request";
import { handedOver } from "../support/hand-over";

// Each hazard of the money-safety review, reproduced as the attacker or failing partner would: every test
// here failed on the code before the lifecycle table was enforced in the core.
const baseUrl = inject("baseUrl");
const IBAN = "TR330006100519786457841326";
const customer = { fullname: "Ayşe Kaya", username: "ayse.k", user_id: "u-7" };
const uniqueDigits = () => String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
const admin = { label: "admin@hazards" };
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
});
afterAll(() => receiver.close());

async function tenantWithGateways() {
  const t = await createTenant({ callbackUrl: receiver.url });
  const suffix = randomCodeGroup(6).toLowerCase();
  const make = (name: string) =>
    saveGateway(
      undefined,
      {
        method: "BANK",
        name: `${name} ${suffix}`,
        code: `${name}-${suffix}`,
        minAmount: "10",
        maxAmount: "50000",
        description: "hazards",
        isActive: true,
        requiredFields: ["iban"],
        supportedCryptoTypes: [],
      },
      admin,
    );
  const [gatewayA, gatewayB] = [await make("gw-a"), await make("gw-b")];
  await offerGateways(t.site.id, gatewayA, gatewayB);
  return { ...t, gatewayA, gatewayB, dealerStaff: { label: "staff@hazards", dealerId: t.dealer.id } };
}

async function create(
  t: { creds: { apiKey: string; secretKey: string }; site: { credential_key: string } },
  path: string,
  body: Record<string, unknown>,
) {
  const res = await callWithSite(path, t.creds, t.site.credential_key, { ...customer, ...body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return prisma.transaction.findUniqueOrThrow({
    where: { trackingCode: String((res.json.data as Record<string, unknown>).tracking_code) },
  });
}

const statusOf = async (id: number) => (await prisma.transaction.findUniqueOrThrow({ where: { id } })).status;
const callbackStatuses = async (id: number) =>
  (await prisma.callbackDelivery.findMany({ where: { transactionId: id }, orderBy: { id: "asc" } })).map(
    (d) => d.status,
  );

describe("1. staff decide only what the lifecycle gives them", () => {
  it("dealer staff rejecting a third-party withdrawal while its gateway pays it out: refused; the gateway's completed applies; one completed callback", async () => {
    const t = await tenantWithGateways();
    const withdrawals = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        create(t, "/api/provider/third-party/bank/start-withdrawal", {
          amount: 100 + i,
          gateway_id: t.gatewayA.id,
          iban: IBAN,
        }),
      ),
    );
    await Promise.all(withdrawals.map((w) => handedOver(w.trackingCode)));
    await Promise.all(
      withdrawals.map(async (w) => {
        const order = await prisma.sandboxGatewayOrder.findFirstOrThrow({ where: { clientRef: w.trackingCode } });
        const [reject, paid] = await Promise.allSettled([
          processWithdrawal(w.id, "reject", t.dealerStaff, "changed my mind"),
          decideSandboxOrder(order.reference, "completed"),
        ]);
        expect(reject.status).toBe("rejected");
        expect(paid.status).toBe("fulfilled");
      }),
    );
    for (const w of withdrawals) {
      expect(await statusOf(w.id)).toBe("completed");
      expect(await callbackStatuses(w.id)).toEqual(["completed"]);
    }
  });

  it("third-party and E-IBAN deposits cannot be approved by hand; the gateway's later decline applies", async () => {
    const t = await tenantWithGateways();
    const tp = await create(t, "/api/provider/third-party/bank/start-deposit", { amount: 500 });
    await chooseDepositGateway(tp.paymentToken!, t.gatewayA.id);
    await expect(approveDeposit(tp.id, admin, "5000.00")).rejects.toMatchObject({ code: "INVALID_TRANSITION" });
    const order = await prisma.sandboxGatewayOrder.findFirstOrThrow({ where: { clientRef: tp.trackingCode } });
    await decideSandboxOrder(order.reference, "declined");
    expect(await statusOf(tp.id)).toBe("canceled");
    expect(await callbackStatuses(tp.id)).toEqual(["canceled"]);

    await addFundedWallet({
      dealerId: t.dealer.id,
      iban: ibanFromBban("TR", `00829${uniqueDigits()}0`),
      balance: "0.00",
    });
    const eiban = await create(t, "/api/provider/start-eiban-deposit", { amount: 250 });
    await expect(approveDeposit(eiban.id, t.dealerStaff, "250.00")).rejects.toMatchObject({
      code: "INVALID_TRANSITION",
    });
    expect(await statusOf(eiban.id)).toBe("showing");
  });
});

describe("2. one IBAN, one wallet, and the balance is the bank's", () => {
  it("two wallets for the same IBAN at once: exactly one is registered, with the bank's balance; payments land on it alone", async () => {
    const [a, b] = await Promise.all([createTenant(), createTenant()]);
    const iban = ibanFromBban("TR", `00829${uniqueDigits()}0`);
    await openSandboxAccount(prisma, { iban, holder: "Shared Account", balance: "777.00" });
    const results = await Promise.allSettled(
      [a, b, a, b].map((t) =>
        addEibanWallet({ dealerId: t.dealer.id, iban, bankName: "E-Bank", accountName: "Shared" }, admin),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(
      results
        .filter((r) => r.status === "rejected")
        .every((r) => String((r as PromiseRejectedResult).reason.details?.messages).includes("already exists")),
    ).toBe(true);
    // Later, one at a time, the same: the IBAN already has its wallet.
    await expect(
      addEibanWallet({ dealerId: b.dealer.id, iban, bankName: "E-Bank", accountName: "Again" }, admin),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    const wallets = await prisma.eibanWallet.findMany({ where: { iban } });
    expect(wallets.map((w) => [w.balance.toFixed(2), w.availableBalance.toFixed(2)])).toEqual([["777.00", "777.00"]]);
    await expect(
      addEibanWallet(
        {
          dealerId: a.dealer.id,
          iban: ibanFromBban("TR", `00829${uniqueDigits()}0`),
          bankName: "E-Bank",
          accountName: "Typed",
          balance: "1000000.00",
        } as never,
        admin,
      ),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    await simulateIncomingPayment({ iban, amount: "23.00", senderName: "Someone", senderIban: IBAN, description: "" });
    expect((await prisma.eibanWallet.findMany({ where: { iban } })).map((w) => w.balance.toFixed(2))).toEqual([
      "800.00",
    ]);
  });
});

describe("3. approve-and-send against reject: the row lock decides, and the bank's outcome always settles", () => {
  it("10 withdrawals, each sent and rejected at once: never rejected with a transfer; every transfer settles; no reservation is stuck", async () => {
    const t = await tenantWithGateways();
    const wallet = await addFundedWallet({
      dealerId: t.dealer.id,
      iban: ibanFromBban("TR", `00829${uniqueDigits()}0`),
      balance: "10000.00",
    });
    const withdrawals = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        create(t, "/api/provider/start-eiban-withdraw", { iban: IBAN, amount: 10 + i }),
      ),
    );
    for (const w of withdrawals) await processWithdrawal(w.id, "take", admin);
    await Promise.all(
      withdrawals.map((w) =>
        Promise.allSettled([
          sendEibanWithdrawal(w.id, admin),
          processWithdrawal(w.id, "reject", t.dealerStaff, "race"),
        ]),
      ),
    );
    // The sandbox bank settles accepted transfers by itself a moment later.
    await expect
      .poll(() => prisma.transfer.count({ where: { walletId: wallet.id, status: "pending" } }), { timeout: 20_000 })
      .toBe(0);
    for (const w of withdrawals) {
      const [status, transfer] = await Promise.all([
        statusOf(w.id),
        prisma.transfer.findUnique({ where: { transactionId: w.id } }),
      ]);
      if (transfer) {
        expect(status).toBe(transfer.status === "completed" ? "completed" : "failed");
      } else expect(status).toBe("rejected");
      expect((await callbackStatuses(w.id)).length).toBe(1);
    }
    const after = await prisma.eibanWallet.findUniqueOrThrow({ where: { id: wallet.id } });
    expect(after.availableBalance.toFixed(2)).toBe(after.balance.toFixed(2));
    const out = await prisma.transfer.aggregate({
      where: { walletId: wallet.id, status: "completed" },
      _sum: { amount: true },
    });
    expect(after.balance.toFixed(2)).toBe((10000 - Number(out._sum.amount ?? 0)).toFixed(2));
  }, 60_000);
});

describe("4. a third-party withdrawal is claimed before it is sent", () => {
  it("hand-over and expiry at once: canceled only when the gateway never got the order; otherwise processing with an order", async () => {
    const t = await tenantWithGateways();
    const rows = await Promise.all(
      Array.from({ length: 10 }, () =>
        prisma.transaction.create({
          data: {
            trackingCode: `TPBW-${randomCodeGroup()}-${Math.floor(Date.now() / 1000)}`,
            method: "TP_BANK",
            direction: "WITHDRAWAL",
            origin: "PROVIDER",
            status: "showing",
            providerId: t.provider.id,
            siteId: t.site.id,
            dealerId: t.dealer.id,
            userId: "u-7",
            username: "ayse.k",
            fullname: "Ayşe Kaya",
            amount: "120.00",
            iban: IBAN,
            gatewayId: t.gatewayA.id,
            accountDetails: { iban: IBAN },
            expiresAt: new Date(Date.now() + 5_000),
          },
        }),
      ),
    );
    // The expiry job runs with a clock past expires_at while the service hands the withdrawal over.
    await Promise.all(
      rows.map((w) =>
        Promise.allSettled([
          submitWithdrawalToGateway(w.id),
          expireTransaction(prisma, w.id, new Date(Date.now() + 60_000)),
        ]),
      ),
    );
    for (const w of rows) {
      const [status, order] = await Promise.all([
        statusOf(w.id),
        prisma.sandboxGatewayOrder.findFirst({ where: { clientRef: w.trackingCode } }),
      ]);
      expect(["canceled", "processing"]).toContain(status);
      if (status === "canceled") expect(order).toBeNull();
      else expect(order).not.toBeNull();
      expect(await callbackStatuses(w.id)).toEqual(status === "canceled" ? ["canceled"] : []);
    }
  });
});

describe("5. a gateway's notification is bound to that gateway and the order", () => {
  it("another gateway's secret or path, a deposit with no gateway chosen, an amount above the order: nothing is completed", async () => {
    const t = await tenantWithGateways();
    const deposit = await create(t, "/api/provider/third-party/bank/start-deposit", { amount: 300 });
    await chooseDepositGateway(deposit.paymentToken!, t.gatewayA.id);
    const bound = await prisma.transaction.findUniqueOrThrow({ where: { id: deposit.id } });
    const notify = (
      path: string,
      secretOf: { code: string; webhookSecretEnc: string | null },
      body: Record<string, unknown>,
    ) => {
      const raw = JSON.stringify(body);
      return httpRequest({
        url: `${baseUrl}/api/webhooks/gateways/${path}`,
        body: raw,
        headers: { "content-type": "application/json", [GATEWAY_SIGNATURE_HEADER]: signForGateway(secretOf, raw) },
      });
    };
    const gwA = await prisma.gateway.findUniqueOrThrow({ where: { id: t.gatewayA.id } });
    const gwB = await prisma.gateway.findUniqueOrThrow({ where: { id: t.gatewayB.id } });
    const confirm = {
      reference: bound.gatewayReference,
      clientRef: deposit.trackingCode,
      kind: "deposit",
      status: "confirmed",
      amount: "300.00",
    };
    expect((await notify(gwA.code, gwB, confirm)).status).toBe(401);
    expect((await notify(gwB.code, gwB, confirm)).json).toMatchObject({ status: "unknown" });
    expect((await notify(gwA.code, gwA, { ...confirm, reference: "GW-FORGED" })).json).toMatchObject({
      status: "unknown",
    });
    expect((await notify(gwA.code, gwA, { ...confirm, amount: "3000.00" })).json).toMatchObject({ status: "conflict" });
    expect(await statusOf(deposit.id)).toBe("pending");
    expect(await prisma.alert.count({ where: { transactionId: deposit.id, kind: "outcome_conflict" } })).toBe(1);

    const showing = await create(t, "/api/provider/third-party/bank/start-deposit", { amount: 300 });
    expect(
      (
        await notify(gwA.code, gwA, {
          reference: "GW-X",
          clientRef: showing.trackingCode,
          kind: "deposit",
          status: "confirmed",
          amount: "300.00",
        })
      ).json,
    ).toMatchObject({ status: "unknown" });
    expect(await statusOf(showing.id)).toBe("showing");

    expect((await notify(gwA.code, gwA, { ...confirm, amount: "299.00" })).json).toMatchObject({ status: "applied" });
    expect(await callbackStatuses(deposit.id)).toEqual(["completed"]);
    expect((await receiver.forTrackingCode(deposit.trackingCode))[0]!.body).toMatchObject({
      status: "completed",
      amount: 299,
    });
  });
});

describe("6. the card checkout closes with the payment", () => {
  it("a card submitted at the acquirer after the payment's 15 minutes is refused there: no charge", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const res = await signedRequest(baseUrl, "/api/provider/credit-card/payment", t.creds, {
      body: {
        credential_key: t.site.credential_key,
        username: "ayse.k",
        user_id: "u-9",
        firstname: "Ayşe",
        lastname: "Kaya",
        email: "ayse@example.com",
        phone: "+905551112233",
        amount: 150,
      },
    });
    const data = res.json.data as { payment_url: string; order_id: string };
    await startCardCheckout(data.payment_url.split("/pay/")[1]!, "en");
    const session = await prisma.sandboxAcquirerSession.findUniqueOrThrow({ where: { orderId: data.order_id } });
    expect(session.expiresAt).not.toBeNull();
    await prisma.sandboxAcquirerSession.update({
      where: { id: session.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(
      await submitSandboxCard(session.id, { number: "4242424242424242", expiry: "12/39", cvc: "123" }),
    ).toMatchObject({ error: "This checkout is no longer open." });
    expect((await prisma.sandboxAcquirerSession.findUniqueOrThrow({ where: { id: session.id } })).status).toBe(
      "expired",
    );
  });
});

describe('7. "I have sent the money" is not a move of a third-party deposit', () => {
  it("the page action is refused; the deposit stays showing and still expires", async () => {
    const t = await tenantWithGateways();
    const tp = await create(t, "/api/provider/third-party/wallet/start-deposit", { amount: 80 });
    await expect(customerDecision(tp.paymentToken!, "sent")).rejects.toMatchObject({ code: "INVALID_TRANSITION" });
    expect(await statusOf(tp.id)).toBe("showing");
  });
});

describe("8. manual and E-IBAN withdrawals can be canceled, and are paid or rejected only after being taken", () => {
  it("cancel before taking sends canceled; paying or rejecting straight from pending is refused", async () => {
    const t = await tenantWithGateways();
    const manual = await create(t, "/api/provider/start-manual-withdraw", { iban: IBAN, amount: 40 });
    await expect(processWithdrawal(manual.id, "complete", admin)).rejects.toMatchObject({ code: "INVALID_TRANSITION" });
    await expect(processWithdrawal(manual.id, "reject", admin)).rejects.toMatchObject({ code: "INVALID_TRANSITION" });
    await processWithdrawal(manual.id, "cancel", t.dealerStaff, "customer asked");
    expect((await receiver.forTrackingCode(manual.trackingCode))[0]!.body).toMatchObject({
      status: "canceled",
      iban: IBAN,
    });
    const eiban = await create(t, "/api/provider/start-eiban-withdraw", { iban: IBAN, amount: 41 });
    await processWithdrawal(eiban.id, "cancel", admin);
    expect(await callbackStatuses(eiban.id)).toEqual(["canceled"]);
  });
});

describe("9. a deactivated dealer takes no new payments", () => {
  it("creates on its sites are refused with 403; its open transactions can still be decided", async () => {
    const t = await tenantWithGateways();
    const open = await create(t, "/api/provider/start-manual-withdraw", { iban: IBAN, amount: 55 });
    await prisma.dealer.update({ where: { id: t.dealer.id }, data: { isActive: false } });
    const refused = await callWithSite("/api/provider/start-manual-withdraw", t.creds, t.site.credential_key, {
      ...customer,
      iban: IBAN,
      amount: 55,
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ success: false, error: "Dealer account is inactive" });
    const card = await signedRequest(baseUrl, "/api/provider/credit-card/payment", t.creds, {
      body: {
        credential_key: t.site.credential_key,
        username: "a",
        user_id: "a",
        firstname: "A",
        lastname: "B",
        email: "a@example.com",
        phone: "1",
        amount: 10,
      },
    });
    expect(card.status).toBe(403);
    await processWithdrawal(open.id, "take", admin);
    expect(await statusOf(open.id)).toBe("processing");
  });
});
