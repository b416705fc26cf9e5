import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formBody, postForm, readForm } from "@/e2e/simulators/est-v3/browser";
import { CARDS, DEFAULT_SHOP, startInterposSimulator, type InterposSimulator } from "@/e2e/simulators/interpos/server";
import { interposConnector as interpos } from "@/lib/integrations/connectors/interpos";
import { interposConfigSchema, type InterposConfig } from "@/lib/integrations/connectors/interpos/config";
import {
  PartnerCallError,
  type CardOrder,
  type IncomingMessage,
  type OrderLookup,
} from "@/lib/integrations/connectors/ports";

/**
 * The connector against the simulated InterVPOS over real HTTP on 127.0.0.1: the test plays the customer's browser
 * (posts the checkout form to 3DHost.aspx, types a card, carries the outcome back) and the core (hands the return to
 * verifyReturn with an order lookup, inquires, refunds).
 */
let sim: InterposSimulator;
let config: InterposConfig;
const orders = new Map<
  string,
  { orderId: string; amount: string; currency: string; partnerReference: string | null }
>();
/** The id the bank is sent (letters and digits only). */
const bankId = (order: { orderId: string }) => order.orderId.replace(/[^A-Za-z0-9]/g, "");
const lookup: OrderLookup = async (id) => orders.get(id) ?? [...orders.values()].find((o) => bankId(o) === id) ?? null;
let seq = 0;

const credentials = {
  merchantId: DEFAULT_SHOP.shopCode,
  username: DEFAULT_SHOP.userCode,
  password: DEFAULT_SHOP.userPass,
  storeKey: DEFAULT_SHOP.storeKey,
};

beforeAll(async () => {
  sim = await startInterposSimulator();
  config = interposConfigSchema.parse({
    ...credentials,
    gatewayUrl: sim.gatewayUrl,
    apiUrl: sim.apiUrl,
    timeoutMs: 1000,
  });
});
afterAll(() => sim.stop());
beforeEach(() => {
  sim.dropReturns(false);
  sim.refuseRefunds(false);
  sim.delayRefunds(0);
  sim.loseRefunds(false);
  sim.threeDSecure(null);
  sim.failReports(null);
});

function newOrder(amount = "1250.75", lang: "tr" | "en" = "tr"): CardOrder {
  seq += 1;
  const orderId = `ORD-${Date.now().toString(36).toUpperCase()}${seq}-1`;
  orders.set(orderId, { orderId, amount, currency: "TRY", partnerReference: bankId({ orderId }) });
  return {
    orderId,
    amount,
    currency: "TRY",
    description: "Deposit",
    returnUrl: "https://pay.example.test/card/return?lang=tr",
    notifyUrl: "https://pay.example.test/card/notify",
    lang,
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

const ref = (order: CardOrder) => ({
  orderId: order.orderId,
  amount: order.amount,
  currency: order.currency,
  partnerReference: bankId(order),
});

function asReturn(rawBody: string): IncomingMessage {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    rawBody,
    form: Object.fromEntries(new URLSearchParams(rawBody)),
    query: {},
  };
}

/** Opens the checkout, pays with `card` on the bank's page; the outcome's fields as the browser would post them. */
async function payAtPage(order: CardOrder, card: string): Promise<[string, string][]> {
  const checkout = await interpos.startCheckout(config, order);
  if (checkout.next.kind !== "form_post") throw new Error("expected a form post");
  const page = await postForm(checkout.next.url, new URLSearchParams(checkout.next.fields).toString());
  const cardForm = readForm(page.html);
  if (!cardForm) throw new Error(`the bank refused the form: ${page.html}`);
  const session = Object.fromEntries(cardForm.fields).session!;
  const answer = await postForm(
    new URL(cardForm.action, sim.url).toString(),
    formBody(
      [
        ["session", session],
        ["Pan", card],
        ["CardHolderName", "Şükrü Işıklı"],
        ["Expiry", "12/30"],
        ["Cvv2", "000"],
      ],
      "utf-8",
    ),
  );
  return sim.returns().at(-1)!.fields ?? readForm(answer.html)!.fields;
}

const post = (fields: [string, string][]) => asReturn(formBody(fields, "utf-8"));
const set = (fields: [string, string][], name: string, value: string) =>
  fields.map(([n, v]): [string, string] => [n, n === name ? value : v]);

async function paid(order = newOrder("150.00")) {
  const fields = await payAtPage(order, CARDS.approve);
  const verified = await interpos.verifyReturn(config, post(fields), lookup);
  expect(verified).toMatchObject({ ok: true, outcome: { status: "approved" } });
  return order;
}

describe("checkout and return", () => {
  it("posts the signed 3DHost form and takes the bank's signed approval as full 3-D Secure", async () => {
    const order = newOrder("1250.75", "en");
    const checkout = await interpos.startCheckout(config, order);
    expect(checkout.partnerReference).toBe(bankId(order));
    expect(checkout.next).toMatchObject({
      kind: "form_post",
      url: sim.gatewayUrl,
      fields: {
        ShopCode: "3123",
        SecureType: "3DHost",
        TxnType: "Auth",
        PurchAmount: "1250.75",
        Currency: "949",
        Lang: "en",
      },
    });
    expect(Object.keys((checkout.next as { fields: object }).fields)).not.toContain("UserPass");
    const fields = await payAtPage(order, CARDS.approve);
    expect(fields).toContainEqual(["PurchAmount", "1.250,75"]);
    const verified = await interpos.verifyReturn(config, post(fields), lookup);
    expect(verified).toMatchObject({
      ok: true,
      orderId: order.orderId,
      outcome: { status: "approved", amount: "1250.75", threeDSecure: "full", partnerReference: null },
    });
    // The bank posts the card (Pan) outside its HASHPARAMS: it is not read.
    expect(fields).toContainEqual(["Pan", expect.stringMatching(/^\d{6}\*+\d{4}$/)]);
    expect(verified.ok && verified.outcome).not.toHaveProperty("card");
  });

  it("maps a decline to the bank's code", async () => {
    const order = newOrder();
    const verified = await interpos.verifyReturn(config, post(await payAtPage(order, CARDS.insufficientFunds)), lookup);
    expect(verified).toMatchObject({
      ok: true,
      outcome: { status: "declined", error: { code: "51", message: "Insufficient funds" } },
    });
  });

  it("fails a failed 3-D Secure and refuses half 3-D unless accepted", async () => {
    const md0 = await interpos.verifyReturn(config, post(await payAtPage(newOrder(), CARDS.threeDFailed)), lookup);
    expect(md0).toMatchObject({ ok: true, outcome: { status: "declined", error: { code: "MD0" } } });
    sim.threeDSecure("2");
    const half = await payAtPage(newOrder(), CARDS.approve);
    expect(await interpos.verifyReturn(config, post(half), lookup)).toMatchObject({
      ok: true,
      outcome: { status: "declined", error: { code: "HALF_3D" }, chargedAnyway: true },
    });
    expect(await interpos.verifyReturn({ ...config, acceptHalf3D: true }, post(half), lookup)).toMatchObject({
      ok: true,
      outcome: { status: "approved", threeDSecure: "half" },
    });
  });

  it("refuses altered or forged returns", async () => {
    const order = newOrder();
    const fields = await payAtPage(order, CARDS.approve);
    for (const [name, value] of [
      ["ProcReturnCode", "51"],
      ["PurchAmount", "1,00"],
      ["Currency", "840"],
      ["mdStatus", "2"],
      ["HASH", "AAAAAAAAAAAAAAAAAAAAAAAAAAA="],
      ["HASHPARAMS", "OrderId:ProcReturnCode:"],
      ["ShopCode", "9999"],
    ] as const)
      expect(await interpos.verifyReturn(config, post(set(fields, name, value)), lookup), name).toMatchObject({
        ok: false,
      });
    expect(await interpos.verifyReturn({ ...config, storeKey: "other" }, post(fields), lookup)).toMatchObject({
      ok: false,
    });
    expect(await interpos.verifyReturn(config, post([...fields, ["mdStatus", "1"]]), lookup)).toMatchObject({
      ok: false,
    });
  });

  it("asks the bank about an unsigned return, once the core lets it", async () => {
    const order = newOrder("150.00");
    const fields = (await payAtPage(order, CARDS.approve)).filter(([n]) => n !== "HASH" && n !== "HASHPARAMS");
    expect(
      await interpos.verifyReturn(config, post(fields), lookup, { mayAskPartner: async () => false }),
    ).toMatchObject({
      ok: false,
    });
    // StatusHistory names no 3-D level: not credited where only full 3-D is accepted.
    expect(
      await interpos.verifyReturn(config, post(fields), lookup, { mayAskPartner: async () => true }),
    ).toMatchObject({
      ok: true,
      outcome: { status: "declined", error: { code: "3D_UNVERIFIED" }, chargedAnyway: true },
    });
  });
});

describe("status inquiry", () => {
  it("reports an approved sale (3-D level unsigned), an unknown order, and a voided sale", async () => {
    const order = await paid();
    expect(await interpos.inquire({ ...config, acceptHalf3D: true }, ref(order))).toMatchObject({
      status: "approved",
      amount: "150.00",
    });
    expect(await interpos.inquire(config, ref(order))).toMatchObject({
      status: "declined",
      error: { code: "3D_UNVERIFIED" },
    });
    expect(await interpos.inquire(config, ref(newOrder()))).toEqual({ status: "not_found" });
    await interpos.refund(config, { ...ref(order), refundId: "r1" }, "150.00");
    expect(await interpos.inquire(config, ref(order))).toMatchObject({
      status: "cancelled",
      error: { code: "VOIDED" },
    });
  });

  it("says 'try again' for an HTTP error or garbage, never a verdict", async () => {
    const order = await paid();
    for (const mode of [503, "garbage"] as const) {
      sim.failReports(mode);
      await expect(interpos.inquire(config, ref(order))).rejects.toBeInstanceOf(PartnerCallError);
    }
  });

  it("tests the connection with the API user", async () => {
    expect(await interpos.testConnection(config)).toMatchObject({ ok: true });
    expect(await interpos.testConnection({ ...config, password: "wrong" })).toMatchObject({ ok: false });
  });
});

describe("void and refund", () => {
  it("voids a whole sale of the day, refunds after the end of day, and refuses more than is left", async () => {
    const order = await paid();
    expect(await interpos.refund(config, { ...ref(order), refundId: "v" }, "150.00")).toMatchObject({ ok: true });
    expect(sim.order(bankId(order))).toMatchObject({ txnStatus: "V" });
    expect(sim.apiCalls().at(-1)).toMatchObject({ txnType: "Void" });

    const settled = await paid();
    sim.settle();
    expect(await interpos.refund(config, { ...ref(settled), refundId: "a" }, "40.00")).toMatchObject({ ok: true });
    expect(sim.apiCalls().at(-1)).toMatchObject({ txnType: "Refund" });
    expect(await interpos.refund(config, { ...ref(settled), refundId: "b" }, "120.00")).toMatchObject({
      ok: false,
      error: { code: "MORE_THAN_LEFT" },
    });
    expect(await interpos.refund(config, { ...ref(settled), refundId: "c" }, "110.00")).toMatchObject({ ok: true });
    expect(sim.order(bankId(settled))!.givenBack.map((g) => g.amountMinor)).toEqual([4000n, 11000n]);
  });

  it("says the bank's refusal, and a partial refund of the day is the bank's to refuse", async () => {
    const order = await paid();
    expect(await interpos.refund(config, { ...ref(order), refundId: "p" }, "10.00")).toMatchObject({
      ok: false,
      error: { code: "12" },
    });
    sim.settle();
    sim.refuseRefunds(true);
    expect(await interpos.refund(config, { ...ref(order), refundId: "q" }, "10.00")).toMatchObject({
      ok: false,
      error: { code: "12" },
    });
  });

  it("finds an unanswered refund made, and a lost one not made, net of refunds recorded", async () => {
    const order = await paid();
    sim.settle();
    sim.delayRefunds(1500);
    await expect(interpos.refund(config, { ...ref(order), refundId: "slow" }, "40.00")).rejects.toBeInstanceOf(
      PartnerCallError,
    );
    sim.delayRefunds(0);
    const made = await interpos.inquireRefund(config, ref(order), { refundId: "slow", amount: "40.00", recorded: [] });
    expect(made).toMatchObject({ status: "made" });
    const second = await interpos.refund(config, { ...ref(order), refundId: "n" }, "40.00");
    expect(second).toMatchObject({ ok: true });
    const recorded = [(made as { partnerReference: string }).partnerReference];
    expect(
      await interpos.inquireRefund(config, ref(order), { refundId: "n", amount: "40.00", recorded }),
    ).toMatchObject({
      status: "made",
    });
    sim.loseRefunds(true);
    await expect(interpos.refund(config, { ...ref(order), refundId: "lost" }, "25.00")).rejects.toBeInstanceOf(
      PartnerCallError,
    );
    sim.loseRefunds(false);
    const all = [...recorded, (second as { partnerReference: string }).partnerReference];
    expect(
      await interpos.inquireRefund(config, ref(order), { refundId: "lost", amount: "25.00", recorded: all }),
    ).toEqual({ status: "not_made" });
  });
});
