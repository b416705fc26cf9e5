import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payflexCpConnector } from "@/lib/integrations/connectors/payflex-cp";
import { payflexCpConfigSchema, type PayflexCpConfig } from "@/lib/integrations/connectors/payflex-cp/config";
import { payflexOrderIdOf } from "@/lib/integrations/connectors/payflex-cp/request-mapper";
import type { CardOrder, CardOrderRef, IncomingMessage, OrderLookup } from "@/lib/integrations/connectors/ports";
import { CARDS, startPayflexCpSimulator, type Merchant, type PayflexCpSimulator } from "./server";

/**
 * The connector against the simulated VakıfBank over real HTTP: registration, the page, the unsigned return confirmed
 * by the bank's query, the status search, voids and refunds, the reconciliation search.
 */
let sim: PayflexCpSimulator;
let merchant: Merchant;
let config: PayflexCpConfig;

beforeAll(async () => {
  sim = await startPayflexCpSimulator();
  merchant = sim.addMerchant();
  config = payflexCpConfigSchema.parse({
    merchantId: merchant.merchantId,
    terminalId: merchant.terminalId,
    password: merchant.password,
    gatewayUrl: sim.gatewayUrl,
    apiUrl: sim.apiUrl,
    vposApiUrl: sim.vposApiUrl,
    queryUrl: sim.queryUrl,
    timeoutMs: 1000,
    reportCallsPerSecond: 20,
  });
});
afterAll(() => sim.stop());

let seq = 0;
function order(amount = "150.00"): CardOrder {
  seq += 1;
  return {
    orderId: `ORD-TEST${Date.now().toString(36).toUpperCase()}-${seq}`,
    amount,
    currency: "TRY",
    description: "",
    returnUrl: "https://shop.example/api/returns/card/tok?lang=en",
    notifyUrl: "https://shop.example/n",
    lang: "en",
    customer: { id: "u", name: "A", surname: "K", email: "a@example.com", phone: "", ip: "" },
    expiresAt: new Date(Date.now() + 900_000).toISOString(),
  };
}

/** Registers, pays on the page with `pan`, and gives what the browser brings back. */
async function payThrough(o: CardOrder, pan: string) {
  const checkout = await payflexCpConnector.startCheckout(config, o);
  expect(checkout.next.kind).toBe("redirect");
  const url = (checkout.next as { url: string }).url;
  const token = new URL(url).searchParams.get("Ptkn")!;
  expect(checkout.partnerReference).toBe(token);
  const paid = await fetch(`${sim.url}/CommonPayment/SecurePayment/pay`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ Ptkn: token, pan, holder: "A K", expiry: "12/30", cvv: "715" }).toString(),
    redirect: "manual",
  });
  const back = new URL(paid.headers.get("location")!);
  const message: IncomingMessage = {
    method: "GET",
    headers: {},
    rawBody: "",
    form: null,
    query: Object.fromEntries(back.searchParams),
  };
  const ref: CardOrderRef = { orderId: o.orderId, amount: o.amount, currency: "TRY", partnerReference: token };
  const lookup: OrderLookup = async (id) => (id === token ? ref : null);
  return { token, message, ref, lookup };
}

describe("payflex-cp against the simulated bank", () => {
  it("tests the connection, and names refused credentials", async () => {
    expect(await payflexCpConnector.testConnection(config)).toMatchObject({ ok: true });
    expect(await payflexCpConnector.testConnection({ ...config, password: "wrong" })).toMatchObject({ ok: false });
  });

  it("an approved payment: the return confirmed by the bank, full 3-D, then found by the search", async () => {
    const o = order();
    const { message, lookup, ref } = await payThrough(o, CARDS.approve);
    const verified = await payflexCpConnector.verifyReturn(config, message, lookup, {
      mayAskPartner: async () => true,
    });
    expect(verified).toMatchObject({
      ok: true,
      orderId: o.orderId,
      // The card the bank's answer names (MaskedPan), as typed on its page.
      outcome: { status: "approved", amount: "150.00", threeDSecure: "full", card: { brand: "Visa", last4: "4205" } },
    });
    // The verdict fields are not read: a decline's code on an approval's return still gets the bank's approval.
    const altered = { ...message, query: { ...message.query, Rc: "0051" } };
    expect(await payflexCpConnector.verifyReturn(config, altered, lookup)).toMatchObject({
      ok: true,
      outcome: { status: "approved" },
    });
    // Asked less than a minute ago: nothing is asked, nothing believed.
    expect(
      await payflexCpConnector.verifyReturn(config, message, lookup, { mayAskPartner: async () => false }),
    ).toMatchObject({ ok: false });
    // The search carries no 3-D level: a full-3-D dealer gets a charge not accepted, a half-3-D one the approval.
    expect(await payflexCpConnector.inquire(config, ref)).toMatchObject({
      status: "declined",
      error: { code: "3D_UNVERIFIED" },
      chargedAnyway: true,
    });
    const found = await payflexCpConnector.inquire({ ...config, acceptHalf3D: true }, ref);
    expect(found).toMatchObject({ status: "approved", amount: "150.00", orderId: o.orderId, currency: "TRY" });
    // The search names no card.
    expect(found).not.toHaveProperty("card");
  });

  it("a declined payment and forged returns", async () => {
    const o = order();
    const { message, lookup } = await payThrough(o, CARDS.insufficientFunds);
    expect(await payflexCpConnector.verifyReturn(config, message, lookup)).toMatchObject({
      ok: true,
      outcome: { status: "declined", error: { code: "0051", message: "Insufficient funds" } },
    });
    const approvedLooking = { ...message, query: { ...message.query, Rc: "0000" } };
    expect(await payflexCpConnector.verifyReturn(config, approvedLooking, lookup)).toMatchObject({
      outcome: { status: "declined" },
    });
    for (const query of [
      { ...message.query, PaymentToken: "0123456789abcdef0123456789abcdef" },
      { ...message.query, TransactionId: "0123456789abcdef0123456789abcdef" },
      { ...message.query, TransactionId: "<x>" },
      {},
    ])
      expect(await payflexCpConnector.verifyReturn(config, { ...message, query }, lookup)).toMatchObject({ ok: false });
  });

  it("an abandoned checkout is not found", async () => {
    const o = order();
    await payflexCpConnector.startCheckout(config, o);
    expect(
      await payflexCpConnector.inquire(config, {
        orderId: o.orderId,
        amount: o.amount,
        currency: "TRY",
        partnerReference: null,
      }),
    ).toEqual({ status: "not_found" });
  });

  it("refunds: part, then a void refused after end of day falls to a refund, and an unanswered refund is found", async () => {
    const o = order();
    const { ref } = await payThrough(o, CARDS.approve);
    const r1 = await payflexCpConnector.refund(config, { ...ref, refundId: "r1" }, "40.00");
    expect(r1).toMatchObject({ ok: true });
    sim.delayRefunds(1500);
    await expect(payflexCpConnector.refund(config, { ...ref, refundId: "r2" }, "10.00")).rejects.toThrow();
    sim.delayRefunds(0);
    await new Promise((r) => setTimeout(r, 600));
    const recorded = [(r1 as { partnerReference: string }).partnerReference];
    expect(
      await payflexCpConnector.inquireRefund(config, ref, { refundId: "r2", amount: "10.00", recorded }),
    ).toMatchObject({ status: "made" });
    expect(await payflexCpConnector.inquireRefund(config, ref, { refundId: "r3", amount: "40.00", recorded })).toEqual({
      status: "not_made",
    });
    const bankId = payflexOrderIdOf(o.orderId);
    expect(
      sim
        .transactions(merchant.merchantId, bankId)
        .filter((t) => t.type === "Refund")
        .map((t) => t.amountMinor),
    ).toEqual([4000n, 1000n]);

    const whole = order("80.00");
    const paid = await payThrough(whole, CARDS.approve);
    sim.settle();
    expect(await payflexCpConnector.refund(config, { ...paid.ref, refundId: "w" }, "80.00")).toMatchObject({
      ok: true,
    });
    const txns = sim.transactions(merchant.merchantId, payflexOrderIdOf(whole.orderId));
    expect(txns.map((t) => [t.type, t.resultCode])).toEqual([
      ["Sale", "0000"],
      ["Refund", "0000"],
    ]);

    const voided = order("30.00");
    const v = await payThrough(voided, CARDS.approve);
    expect(await payflexCpConnector.refund(config, { ...v.ref, refundId: "v" }, "30.00")).toMatchObject({ ok: true });
    expect(sim.transactions(merchant.merchantId, payflexOrderIdOf(voided.orderId)).map((t) => t.type)).toEqual([
      "Sale",
      "Cancel",
    ]);
    sim.refuseRefunds(true);
    expect(await payflexCpConnector.refund(config, { ...ref, refundId: "x" }, "1.00")).toMatchObject({
      ok: false,
      error: { code: "9999" },
    });
    sim.refuseRefunds(false);
  });

  it("the reconciliation asks each order and reads its sale, refunds and voids", async () => {
    const o = order();
    const { ref } = await payThrough(o, CARDS.approve);
    await payflexCpConnector.refund(config, { ...ref, refundId: "r" }, "25.00");
    const declined = order("9.99");
    await payThrough(declined, CARDS.insufficientFunds);
    const pages = [];
    const orders = async function* () {
      yield { orderId: o.orderId, amount: o.amount, currency: "TRY", partnerReference: null };
      yield { orderId: declined.orderId, amount: declined.amount, currency: "TRY", partnerReference: null };
    };
    const day = new Date().toISOString().slice(0, 10);
    for await (const page of payflexCpConnector.report!.pages(config, {
      day,
      from: new Date(),
      to: new Date(),
      orders,
    }))
      pages.push(page);
    expect(pages.flatMap((p) => p.records.map((r) => [r.kind, r.orderId, r.amount, r.status]))).toEqual([
      ["sale", o.orderId, "150.00", "succeeded"],
      ["refund", o.orderId, "25.00", "succeeded"],
      ["sale", declined.orderId, "9.99", "failed"],
    ]);
    sim.failReports(500);
    await expect(async () => {
      for await (const _ of payflexCpConnector.report!.pages(config, { day, from: new Date(), to: new Date(), orders }))
        void _;
    }).rejects.toThrow();
    sim.failReports(null);
  });
});
