import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { postForm, readForm } from "@/e2e/simulators/est-v3/browser";
import { CARDS, DEFAULT_MERCHANT, startPayforSimulator, type PayforSimulator } from "@/e2e/simulators/payfor/server";
import { payforConnector as payfor } from "@/lib/integrations/connectors/payfor";
import { payforConfigSchema, type PayforConfig } from "@/lib/integrations/connectors/payfor/config";
import {
  PartnerCallError,
  type CardOrder,
  type IncomingMessage,
  type OrderLookup,
} from "@/lib/integrations/connectors/ports";

/**
 * The connector against the simulated PayFor over real HTTP on 127.0.0.1: the test plays the customer's browser
 * (posts the checkout form to 3DHost.aspx, types a card, carries the outcome back) and the core (hands the return to
 * verifyReturn with an order lookup, inquires, refunds, reads the day's history).
 */
let sim: PayforSimulator;
let config: PayforConfig;
const orders = new Map<
  string,
  { orderId: string; amount: string; currency: string; partnerReference: string | null }
>();
const bankId = (order: { orderId: string }) => order.orderId.replace(/[^A-Za-z0-9]/g, "");
const lookup: OrderLookup = async (id) => orders.get(id) ?? [...orders.values()].find((o) => bankId(o) === id) ?? null;
let seq = 0;
const M = DEFAULT_MERCHANT;

beforeAll(async () => {
  sim = await startPayforSimulator();
  config = payforConfigSchema.parse({
    merchantId: M.merchantId,
    username: M.username,
    password: M.password,
    storeKey: M.storeKey,
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
  sim.delayApi(0);
  sim.delayRefunds(0);
  sim.loseRefunds(false);
  sim.failReports(null);
});

function newOrder(amount = "1250.75"): CardOrder {
  seq += 1;
  const orderId = `ORD-${Date.now().toString(36).toUpperCase()}-${seq}`;
  orders.set(orderId, { orderId, amount, currency: "TRY", partnerReference: bankId({ orderId }) });
  return {
    orderId,
    amount,
    currency: "TRY",
    description: "Deposit",
    returnUrl: "https://pay.example.test/api/returns/card/tok?lang=tr",
    notifyUrl: "https://pay.example.test/notify",
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
  return { method: "POST", headers: {}, rawBody, form: Object.fromEntries(new URLSearchParams(rawBody)), query: {} };
}

/** Opens the checkout at 3DHost.aspx (the card form when `card` is null), pays, and brings the outcome back. */
async function payAtPage(order: CardOrder, card: string): Promise<{ action: string; message: IncomingMessage } | null> {
  const checkout = await payfor.startCheckout(config, order);
  if (checkout.next.kind !== "form_post") throw new Error("expected a form post");
  expect(checkout.partnerReference).toBe(bankId(order));
  const page = await postForm(checkout.next.url, new URLSearchParams(checkout.next.fields).toString());
  const cardForm = readForm(page.html);
  expect(
    cardForm?.fields.map(([n]) => n),
    page.html,
  ).toContain("pan");
  const fields = new URLSearchParams(cardForm!.fields);
  for (const [n, v] of Object.entries({ pan: card, holder: "AYSE KAYA", expiry: "12/30", cv2: "000" }))
    fields.set(n, v);
  const answer = await postForm(new URL(cardForm!.action, sim.url).toString(), fields.toString());
  const back = readForm(answer.html);
  if (!back) return null;
  return { action: back.action, message: asReturn(new URLSearchParams(back.fields).toString()) };
}

describe("PayFor 3-D Host against the simulator", () => {
  it("pays: the signed return to our return URL is an approval with full 3-D Secure", async () => {
    const order = newOrder();
    const back = await payAtPage(order, CARDS.approve);
    expect(back!.action).toBe(order.returnUrl);
    const verified = await payfor.verifyReturn(config, back!.message, lookup);
    expect(verified).toMatchObject({
      ok: true,
      orderId: order.orderId,
      outcome: {
        status: "approved",
        amount: "1250.75",
        threeDSecure: "full",
        authCode: expect.stringMatching(/^S\d{5}$/),
      },
    });
    // The return posts the card (CardMask) outside what ResponseHash signs: it is not shown.
    expect(new URLSearchParams(back!.message.rawBody).get("CardMask")).toMatch(/^415565\*+6111$/);
    expect(verified.ok && verified.outcome).not.toHaveProperty("card");
  });

  it("declines with the bank's code, and a failed 3-D step with MR15", async () => {
    const declined = await payfor.verifyReturn(
      config,
      (await payAtPage(newOrder(), CARDS.insufficientFunds))!.message,
      lookup,
    );
    expect(declined).toMatchObject({ ok: true, outcome: { status: "declined", error: { code: "51" } } });
    const failed = await payfor.verifyReturn(
      config,
      (await payAtPage(newOrder(), CARDS.threeDFailed))!.message,
      lookup,
    );
    expect(failed).toMatchObject({ ok: true, outcome: { status: "declined", error: { code: "MR15" } } });
  });

  it("takes an order paid again for no verdict (101310, signed SHA-256), and the inquiry says it is paid", async () => {
    const order = newOrder("10.00");
    await payAtPage(order, CARDS.approve);
    // Opened again: PayFor answers at once, before any card step, with the return itself.
    const checkout = await payfor.startCheckout(config, order);
    if (checkout.next.kind !== "form_post") throw new Error("expected a form post");
    const back = readForm(
      (await postForm(checkout.next.url, new URLSearchParams(checkout.next.fields).toString())).html,
    )!;
    const again = { message: asReturn(new URLSearchParams(back.fields).toString()) };
    const fields = new URLSearchParams(again.message.rawBody);
    expect(fields.get("ProcReturnCode")).toBe("101310");
    expect(fields.get("ResponseHash")).toHaveLength(44);
    expect(await payfor.verifyReturn(config, again.message, lookup)).toMatchObject({
      ok: true,
      outcome: { status: "pending" },
    });
    expect(await payfor.inquire(config, ref(order))).toMatchObject({
      status: "declined",
      error: { code: "3D_UNVERIFIED" },
      chargedAnyway: true,
    });
    expect(await payfor.inquire({ ...config, acceptHalf3D: true }, ref(order))).toMatchObject({
      status: "approved",
      amount: "10.00",
      // OrderInquiry's answer names the card (CardMask): the approval it gives shows it.
      card: { brand: "Visa", last4: CARDS.approve.slice(-4) },
    });
  });

  it("refuses forged returns and asks the bank about an unsigned one", async () => {
    const order = newOrder();
    const back = (await payAtPage(order, CARDS.insufficientFunds))!;
    const forged = new URLSearchParams(back.message.rawBody);
    forged.set("ProcReturnCode", "00");
    expect(await payfor.verifyReturn(config, asReturn(forged.toString()), lookup)).toMatchObject({ ok: false });
    const cheaper = new URLSearchParams(back.message.rawBody);
    cheaper.set("PurchAmount", "1");
    expect(await payfor.verifyReturn(config, asReturn(cheaper.toString()), lookup)).toMatchObject({ ok: false });
    const unsigned = new URLSearchParams(back.message.rawBody);
    unsigned.delete("ResponseHash");
    expect(await payfor.verifyReturn(config, asReturn(unsigned.toString()), lookup)).toMatchObject({
      ok: true,
      outcome: { status: "declined", error: { code: "51" } },
    });
    expect(
      await payfor.verifyReturn(config, asReturn(unsigned.toString()), lookup, { mayAskPartner: async () => false }),
    ).toMatchObject({ ok: false });
  });

  it("inquires: an open checkout has no verdict, an unknown order is not found, no answer is a retry", async () => {
    const order = newOrder();
    const checkout = await payfor.startCheckout(config, order);
    if (checkout.next.kind !== "form_post") throw new Error("expected a form post");
    await postForm(checkout.next.url, new URLSearchParams(checkout.next.fields).toString());
    expect(await payfor.inquire(config, ref(order))).toEqual({ status: "pending" });
    expect(await payfor.inquire(config, ref(newOrder()))).toEqual({ status: "not_found" });
    sim.answerApiWith(503);
    await expect(payfor.inquire(config, ref(order))).rejects.toBeInstanceOf(PartnerCallError);
  });

  it("tests the connection with the API user, and says so when its password is wrong", async () => {
    expect(await payfor.testConnection(config)).toMatchObject({ ok: true });
    expect(await payfor.testConnection({ ...config, password: "wrong" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("V004"),
    });
  });
});

describe("voids and refunds against the simulator", () => {
  const paid = async (amount = "150.00") => {
    const order = newOrder(amount);
    await payAtPage(order, CARDS.approve);
    return { ...ref(order), refundId: `rf-${seq}` };
  };
  const made = (order: { orderId: string }) =>
    sim
      .order(M.merchantId, bankId(order))!
      .txns.filter((t) => t.type !== "Auth" && t.code === "00")
      .map((t) => [t.type, t.amountMinor]);

  it("voids the whole sale on its day, refuses a partial refund in the sale's batch", async () => {
    const order = await paid();
    expect(await payfor.refund(config, order, "40.00")).toMatchObject({ ok: false, error: { code: "V014" } });
    expect(await payfor.refund(config, order, "150.00")).toMatchObject({
      ok: true,
      partnerReference: expect.any(String),
    });
    expect(made(order)).toEqual([["Void", 15000n]]);
    // Asked again (an answer lost), the void is the refund already made.
    expect(await payfor.refund(config, order, "150.00")).toMatchObject({ ok: true });
    expect(await payfor.inquire(config, order)).toMatchObject({ status: "cancelled" });
  });

  it("refunds part, then the rest, after the end of day; more than is left is refused", async () => {
    const order = await paid();
    sim.endOfDay();
    expect(await payfor.refund(config, order, "40.00")).toMatchObject({ ok: true });
    expect(await payfor.refund(config, order, "120.00")).toMatchObject({
      ok: false,
      error: { code: "MORE_THAN_LEFT" },
    });
    expect(await payfor.refund(config, order, "110.00")).toMatchObject({ ok: true });
    expect(made(order)).toEqual([
      ["Refund", 4000n],
      ["Refund", 11000n],
    ]);
  });

  it("says a refused refund, and finds an unanswered one made or not made", async () => {
    const order = await paid();
    sim.endOfDay();
    sim.refuseRefunds(true);
    expect(await payfor.refund(config, order, "25.00")).toMatchObject({ ok: false, error: { code: "V015" } });
    sim.refuseRefunds(false);
    sim.loseRefunds(true);
    await expect(payfor.refund(config, order, "25.00")).rejects.toBeInstanceOf(PartnerCallError);
    sim.loseRefunds(false);
    const asked = { refundId: order.refundId, amount: "25.00", recorded: [] };
    expect(await payfor.inquireRefund(config, order, asked)).toEqual({ status: "not_made" });
    sim.delayRefunds(1500);
    await expect(payfor.refund(config, order, "25.00")).rejects.toBeInstanceOf(PartnerCallError);
    await new Promise((r) => setTimeout(r, 700));
    const found = await payfor.inquireRefund(config, order, asked);
    expect(found).toMatchObject({ status: "made", partnerReference: expect.any(String) });
    const recorded = [(found as { partnerReference: string }).partnerReference];
    expect(await payfor.inquireRefund(config, order, { ...asked, recorded })).toEqual({ status: "not_made" });
  });
});

describe("the day's history against the simulator", () => {
  it("lists the merchant's sales, voids and refunds of the day, and fails when the bank does", async () => {
    const own = sim.addMerchant();
    const c = {
      ...config,
      merchantId: own.merchantId,
      username: own.username,
      password: own.password,
      storeKey: own.storeKey,
    };
    const order = newOrder("80.00");
    const checkout = await payfor.startCheckout(c, order);
    if (checkout.next.kind !== "form_post") throw new Error("expected a form post");
    const page = readForm(
      (await postForm(checkout.next.url, new URLSearchParams(checkout.next.fields).toString())).html,
    )!;
    const fields = new URLSearchParams(page.fields);
    fields.set("pan", CARDS.approve);
    fields.set("expiry", "12/30");
    await postForm(new URL(page.action, sim.url).toString(), fields.toString());
    expect(await payfor.refund(c, { ...ref(order), refundId: "r1" }, "80.00")).toMatchObject({ ok: true });
    const now = Date.now();
    const query = {
      day: "",
      from: new Date(now - 3600_000),
      to: new Date(now + 60_000),
      orders: async function* () {},
    };
    const records = [];
    for await (const page of payfor.report!.pages(c, query)) records.push(...page.records);
    expect(records.map((r) => [r.kind, r.orderId, r.amount, r.currency, r.status])).toEqual([
      ["sale", bankId(order), "80.00", "TRY", "succeeded"],
      ["void", bankId(order), "80.00", "TRY", "succeeded"],
    ]);
    for (const failure of [500, "garbage"] as const) {
      sim.failReports(failure);
      await expect(async () => {
        for await (const page of payfor.report!.pages(c, query)) void page;
      }).rejects.toThrow();
    }
  });
});
