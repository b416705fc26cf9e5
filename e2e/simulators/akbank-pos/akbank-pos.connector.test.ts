import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formBody, postForm, readForm } from "@/e2e/simulators/est-v3/browser";
import { akbankPosConnector as akbank } from "@/lib/integrations/connectors/akbank-pos";
import { akbankPosConfigSchema, type AkbankPosConfig } from "@/lib/integrations/connectors/akbank-pos/config";
import { inquireRefund } from "@/lib/integrations/connectors/akbank-pos/refunds";
import {
  PartnerCallError,
  type CardOrder,
  type IncomingMessage,
  type OrderLookup,
} from "@/lib/integrations/connectors/ports";
import { CARDS, DEFAULT_TERMINAL, startAkbankPosSimulator, type AkbankPosSimulator } from "./server";

/**
 * The connector against the simulated Akbank virtual POS over real HTTP on 127.0.0.1: the test plays the customer's
 * browser (posts the checkout form to the hosted page, types a card, carries the outcome back) and the core (hands
 * the return to verifyReturn with an order lookup, inquires, refunds).
 */
let sim: AkbankPosSimulator;
let config: AkbankPosConfig;
const orders = new Map<
  string,
  { orderId: string; amount: string; currency: string; partnerReference: string | null }
>();
const akb = (order: { orderId: string }) => order.orderId.replace(/[^A-Za-z0-9]/g, "");
const lookup: OrderLookup = async (id) => orders.get(id) ?? [...orders.values()].find((o) => akb(o) === id) ?? null;
let seq = 0;
const T = DEFAULT_TERMINAL;

beforeAll(async () => {
  sim = await startAkbankPosSimulator();
  config = akbankPosConfigSchema.parse({
    merchantId: T.merchantSafeId,
    terminalId: T.terminalSafeId,
    secretKey: T.secretKey,
    gatewayUrl: sim.gatewayUrl,
    apiUrl: sim.apiUrl,
    timeoutMs: 1000,
  });
});
afterAll(() => sim.stop());
beforeEach(() => {
  sim.dropReturns(false);
  sim.refuseRefunds(false);
  sim.answerApiWith(null);
  sim.delayRefunds(0);
  sim.loseRefunds(false);
});

function newOrder(amount = "1250.75"): CardOrder {
  seq += 1;
  const orderId = `ORD-${Date.now().toString(36).toUpperCase()}-${seq}`;
  orders.set(orderId, { orderId, amount, currency: "TRY", partnerReference: akb({ orderId }) });
  return {
    orderId,
    amount,
    currency: "TRY",
    description: "Deposit",
    returnUrl: "https://pay.example.test/card/return?lang=tr",
    notifyUrl: "https://pay.example.test/card/notify",
    lang: "tr",
    customer: {
      id: "c1",
      name: "Şükrü",
      surname: "Işıklı",
      email: "s@example.test",
      phone: "+905551112233",
      ip: "203.0.113.7",
    },
    expiresAt: new Date(Date.now() + 900_000).toISOString(),
  };
}
const ref = (order: CardOrder) => orders.get(order.orderId)!;

function asReturn(rawBody: string): IncomingMessage {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    rawBody,
    form: Object.fromEntries(new URLSearchParams(rawBody)),
    query: {},
  };
}

/** Opens the checkout, pays with `card` and returns the outcome's fields as the browser would post them. */
async function payAtPage(order: CardOrder, card: string): Promise<{ action: string; fields: [string, string][] }> {
  const checkout = await akbank.startCheckout(config, order);
  if (checkout.next.kind !== "form_post") throw new Error("expected a form post");
  expect(checkout.partnerReference).toBe(akb(order));
  const page = await postForm(checkout.next.url, new URLSearchParams(checkout.next.fields).toString());
  const cardForm = readForm(page.html);
  if (!cardForm) throw new Error(`the page refused the form: ${page.html}`);
  const session = Object.fromEntries(cardForm.fields).session;
  if (session === undefined) return { action: cardForm.action, fields: cardForm.fields };
  const fields: [string, string][] = [
    ["session", session],
    ["pan", card],
    ["holder", "Şükrü Işıklı"],
    ["expiry", "12/30"],
    ["cvv", "000"],
  ];
  const back = readForm((await postForm(new URL(cardForm.action, sim.url).toString(), formBody(fields, "utf-8"))).html);
  // The customer closed the tab (dropReturns): nothing comes back.
  return back ? { action: back.action, fields: back.fields } : { action: "", fields: [] };
}
const post = (fields: [string, string][]) => asReturn(formBody(fields, "utf-8"));
const set = (fields: [string, string][], name: string, value: string): [string, string][] =>
  fields.map(([n, v]) => [n, n === name ? value : v]);

describe("hosted payment page and return", () => {
  it("an approval comes back signed, to okUrl, and is verified as a full 3-D payment", async () => {
    const order = newOrder();
    const back = await payAtPage(order, CARDS.approve);
    expect(back.action).toBe(order.returnUrl);
    const verified = await akbank.verifyReturn(config, post(back.fields), lookup);
    expect(verified).toMatchObject({
      ok: true,
      orderId: order.orderId,
      outcome: { status: "approved", amount: "1250.75", threeDSecure: "full", partnerReference: expect.any(String) },
    });
  });

  it("a decline carries the card's bank code", async () => {
    const back = await payAtPage(newOrder(), CARDS.insufficientFunds);
    expect(await akbank.verifyReturn(config, post(back.fields), lookup)).toMatchObject({
      ok: true,
      outcome: { status: "declined", error: { code: "51", message: "Insufficient funds" } },
    });
  });

  it("a failed 3-D step is a decline with Akbank's code", async () => {
    const back = await payAtPage(newOrder(), CARDS.threeDFailed);
    expect(await akbank.verifyReturn(config, post(back.fields), lookup)).toMatchObject({
      ok: true,
      outcome: { status: "declined", error: { code: "VPS-1279" } },
    });
  });

  it("tampered returns are refused", async () => {
    const back = await payAtPage(newOrder(), CARDS.approve);
    const forged = [
      set(back.fields, "responseCode", "VPS-1005"),
      set(back.fields, "hash", "A".repeat(88)),
      set(back.fields, "hashParams", "responseCode+orderId"),
      set(back.fields, "hashParams", "orderId"),
      [...back.fields, ["orderId", "X"]] as [string, string][],
    ];
    for (const fields of forged)
      expect(await akbank.verifyReturn(config, post(fields), lookup)).toMatchObject({ ok: false });
    const declined = await payAtPage(newOrder(), CARDS.insufficientFunds);
    const approval = set(set(declined.fields, "responseCode", "VPS-0000"), "hostResponseCode", "00");
    expect(await akbank.verifyReturn(config, post(approval), lookup)).toMatchObject({ ok: false });
  });

  it("an unsigned return asks the bank, and never credits an approval whose 3-D level nothing signed", async () => {
    const order = newOrder();
    const back = await payAtPage(order, CARDS.insufficientFunds);
    const unsigned = back.fields.filter(([n]) => n !== "hash" && n !== "hashParams");
    expect(await akbank.verifyReturn(config, post(unsigned), lookup)).toMatchObject({
      ok: true,
      outcome: { status: "declined", error: { code: "51" } },
    });
    const paid = await payAtPage(newOrder(), CARDS.approve);
    const stripped = paid.fields.filter(([n]) => n !== "hash" && n !== "hashParams");
    // The bank's approval carries no 3-D level: for a dealer that accepts only full 3-D it is a charge not accepted.
    expect(await akbank.verifyReturn(config, post(stripped), lookup)).toMatchObject({
      ok: true,
      outcome: { status: "declined", error: { code: "3D_UNVERIFIED" }, chargedAnyway: true },
    });
    expect(
      await akbank.verifyReturn(config, post(stripped), lookup, { mayAskPartner: async () => false }),
    ).toMatchObject({
      ok: false,
    });
  });

  it("the order id is letters and digits, each attempt its own", async () => {
    const order = newOrder("10.00");
    const checkout = await akbank.startCheckout(config, order);
    expect(checkout.next.kind === "form_post" && checkout.next.fields).toMatchObject({
      paymentModel: "3D_PAY_HOSTING",
      txnCode: "3000",
      orderId: akb(order),
      amount: "10.00",
      currencyCode: "949",
      installCount: "1",
    });
  });
});

describe("status inquiry", () => {
  it("reads the order history: approved (3-D level unsigned), not found, declined", async () => {
    const paid = newOrder();
    sim.dropReturns(true);
    expect((await payAtPage(paid, CARDS.approve)).fields).toEqual([]);
    sim.dropReturns(false);
    expect(await akbank.inquire(config, ref(paid))).toMatchObject({
      status: "declined",
      error: { code: "3D_UNVERIFIED" },
      chargedAnyway: true,
    });
    expect(await akbank.inquire({ ...config, acceptHalf3D: true }, ref(paid))).toMatchObject({
      status: "approved",
      amount: "1250.75",
      // The card the answer names (maskedCardNumber), as the customer typed it on the bank's page.
      card: { brand: "Visa", last4: CARDS.approve.slice(-4) },
    });
    expect(await akbank.inquire(config, ref(newOrder()))).toEqual({ status: "not_found" });
    const declined = newOrder();
    await payAtPage(declined, CARDS.insufficientFunds);
    expect(await akbank.inquire(config, ref(declined))).toMatchObject({ status: "declined", error: { code: "51" } });
  });

  it("an answer of another amount, an HTTP error or a timeout is no verdict", async () => {
    const paid = newOrder();
    await payAtPage(paid, CARDS.approve);
    sim.alterAmount(T.terminalSafeId, akb(paid), "1.00");
    await expect(akbank.inquire(config, ref(paid))).rejects.toBeInstanceOf(PartnerCallError);
    sim.answerApiWith(503);
    await expect(akbank.inquire(config, ref(paid))).rejects.toMatchObject({ failure: { kind: "retry" } });
  });

  it("testConnection: ok with the terminal's key, refused with another", async () => {
    expect(await akbank.testConnection(config)).toMatchObject({ ok: true });
    expect(await akbank.testConnection({ ...config, secretKey: "0".repeat(32) })).toMatchObject({ ok: false });
  });
});

describe("cancel and refund", () => {
  it("the whole of a sale of the day is cancelled; a partial one waits for the end of day", async () => {
    const order = newOrder("100.00");
    await payAtPage(order, CARDS.approve);
    expect(await akbank.refund(config, { ...ref(order), refundId: "r1" }, "30.00")).toMatchObject({
      ok: false,
      error: { code: "VPS-1151" },
    });
    expect(await akbank.refund(config, { ...ref(order), refundId: "r2" }, "100.00")).toMatchObject({ ok: true });
    expect(sim.order(T.terminalSafeId, akb(order))!.txns[0]!.status).toBe("V");
  });

  it("after the end of day: partial refunds, then the rest; a cancel refused falls back to a refund", async () => {
    const order = newOrder("100.00");
    await payAtPage(order, CARDS.approve);
    const whole = newOrder("50.00");
    await payAtPage(whole, CARDS.approve);
    sim.settle();
    expect(await akbank.refund(config, { ...ref(order), refundId: "a" }, "30.00")).toMatchObject({ ok: true });
    expect(await akbank.refund(config, { ...ref(order), refundId: "b" }, "80.00")).toMatchObject({
      ok: false,
      error: { code: "MORE_THAN_LEFT" },
    });
    expect(await akbank.refund(config, { ...ref(order), refundId: "c" }, "70.00")).toMatchObject({ ok: true });
    expect(await akbank.refund(config, { ...ref(whole), refundId: "d" }, "50.00")).toMatchObject({ ok: true });
    const calls = sim
      .apiCalls()
      .filter((c) => c.orderId === akb(whole))
      .map((c) => c.txnCode);
    expect(calls).toEqual(["1010", "1003", "1002"]);
  });

  it("a refusal is said; a refund answered too late or lost is found (or not) in the order history", async () => {
    const order = newOrder("100.00");
    await payAtPage(order, CARDS.approve);
    sim.settle();
    sim.refuseRefunds(true);
    expect(await akbank.refund(config, { ...ref(order), refundId: "x" }, "10.00")).toMatchObject({
      ok: false,
      error: { code: "VPS-1099" },
    });
    sim.refuseRefunds(false);
    sim.loseRefunds(true);
    await expect(akbank.refund(config, { ...ref(order), refundId: "y" }, "10.00")).rejects.toBeInstanceOf(
      PartnerCallError,
    );
    sim.loseRefunds(false);
    const asked = { refundId: "y", amount: "10.00", recorded: [] };
    expect(await inquireRefund(config, ref(order), asked)).toEqual({ status: "not_made" });
    sim.delayRefunds(1500);
    await expect(akbank.refund(config, { ...ref(order), refundId: "y" }, "10.00")).rejects.toBeInstanceOf(
      PartnerCallError,
    );
    const made = await inquireRefund(config, ref(order), asked);
    expect(made).toMatchObject({ status: "made", partnerReference: expect.any(String) });
    const again = { ...asked, recorded: [(made as { partnerReference: string }).partnerReference] };
    expect(await inquireRefund(config, ref(order), again)).toEqual({ status: "not_made" });
  });
});
