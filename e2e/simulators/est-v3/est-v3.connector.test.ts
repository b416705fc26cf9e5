import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freePort } from "@/e2e/support/free-port";
import { formBody, postForm, readForm } from "@/e2e/simulators/est-v3/browser";
import { CARDS, DEFAULT_STORE, startEstV3Simulator, type EstV3Simulator } from "@/e2e/simulators/est-v3/server";
import { ver3Hash } from "@/e2e/simulators/est-v3/wire";
import {
  PartnerCallError,
  type CardOrder,
  type IncomingMessage,
  type OrderLookup,
} from "@/lib/integrations/connectors/ports";
import { estConfigSchema, type EstConfig } from "@/lib/integrations/connectors/est-v3/config";
import { estV3Connector as est } from "@/lib/integrations/connectors/est-v3";

/**
 * The connector against the simulated EST bank over real HTTP on 127.0.0.1: the test plays the customer's
 * browser (posts the checkout form to the gate, types a card, carries the outcome back) and the core
 * (hands the return to verifyReturn with an order lookup, inquires, refunds).
 */
let sim: EstV3Simulator;
let config: EstConfig;
const orders = new Map<
  string,
  { orderId: string; amount: string; currency: string; partnerReference: string | null }
>();
const lookup: OrderLookup = async (orderId) => orders.get(orderId) ?? null;
let seq = 0;

beforeAll(async () => {
  sim = await startEstV3Simulator();
  config = estConfigSchema.parse({
    clientId: DEFAULT_STORE.clientId,
    storeKey: DEFAULT_STORE.storeKey,
    username: DEFAULT_STORE.username,
    password: DEFAULT_STORE.password,
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
  sim.loseApiCalls(false);
  sim.threeDSecure(null);
  sim.rewriteApiAnswers(null);
});

function newOrder(amount = "1250.75", lang: "tr" | "en" = "tr"): CardOrder {
  seq += 1;
  const orderId = `ORD-${Date.now()}-${seq}`;
  orders.set(orderId, { orderId, amount, currency: "TRY", partnerReference: null });
  return {
    orderId,
    amount,
    currency: "TRY",
    description: "Deposit",
    returnUrl: "https://pay.example.test/card/return",
    notifyUrl: "https://pay.example.test/card/notify",
    lang,
    customer: {
      id: "c1",
      name: "Şükrü",
      surname: "Işıklı",
      email: "sukru@example.test",
      phone: "+905551112233",
      ip: "127.0.0.1",
    },
    expiresAt: new Date(Date.now() + 900_000).toISOString(),
  };
}

/** Opens the checkout, pays with `card` at the gate, and returns the outcome as the browser would post it (or null when dropped). */
async function payAtGate(
  order: CardOrder,
  card: string,
  expiry = "12/30",
): Promise<{ action: string; message: IncomingMessage } | null> {
  const checkout = await est.startCheckout(config, order);
  if (checkout.next.kind !== "form_post") throw new Error("expected a form post");
  const gate = await postForm(checkout.next.url, new URLSearchParams(checkout.next.fields).toString());
  const cardForm = readForm(gate.html);
  if (!cardForm) throw new Error(`gate refused the form: ${gate.html}`);
  const values = Object.fromEntries(cardForm.fields);
  // The gate may answer at once (an order id it refuses) with the outcome form instead of the card form.
  if (values.session === undefined)
    return { action: cardForm.action, message: asReturn(formBody(cardForm.fields, cardForm.charset)) };
  const filled: [string, string][] = [
    ["session", values.session!],
    ["pan", card],
    ["holder", "Şükrü Işıklı"],
    ["expiry", expiry],
    ["cv2", "000"],
  ];
  const back = readForm(
    (await postForm(new URL(cardForm.action, sim.url).toString(), formBody(filled, cardForm.charset))).html,
  );
  if (!back) return null;
  return { action: back.action, message: asReturn(formBody(back.fields, back.charset)) };
}

function asReturn(rawBody: string): IncomingMessage {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    rawBody,
    form: Object.fromEntries(new URLSearchParams(rawBody)),
    query: {},
  };
}

/** Replaces one field's value in a urlencoded body, leaving the rest (and the HASH) as the bank sent them. */
function tamper(rawBody: string, name: string, value: string): string {
  return rawBody
    .split("&")
    .map((pair) => (pair.startsWith(`${name}=`) ? `${name}=${encodeURIComponent(value)}` : pair))
    .join("&");
}

describe("est-v3 against the simulated bank", () => {
  it("approves with the test card: the signed return is verified and mapped, the amount is ours", async () => {
    const order = newOrder();
    const paid = await payAtGate(order, CARDS.approve);
    expect(paid!.action).toBe(order.returnUrl);
    const result = await est.verifyReturn(config, paid!.message, lookup);
    expect(result).toMatchObject({
      ok: true,
      orderId: order.orderId,
      outcome: { status: "approved", amount: "1250.75" },
      ack: { status: 200 },
    });
    const bank = sim.order(config.clientId, order.orderId)!;
    expect(result.ok && result.outcome.status === "approved" && result.outcome.partnerReference).toBe(bank.transId);
    expect(result.ok && result.outcome.status === "approved" && result.outcome.authCode).toBe(bank.authCode);
  });

  it("declines for insufficient funds and for failed 3-D Secure, in our words", async () => {
    const poor = newOrder("10.00");
    const declined = await est.verifyReturn(config, (await payAtGate(poor, CARDS.insufficientFunds))!.message, lookup);
    expect(declined).toMatchObject({
      ok: true,
      outcome: { status: "declined", error: { code: "51", message: "Insufficient funds" } },
    });
    const expired = newOrder("10.00");
    expect(
      await est.verifyReturn(config, (await payAtGate(expired, CARDS.approve, "01/20"))!.message, lookup),
    ).toMatchObject({ ok: true, outcome: { status: "declined", error: { code: "54", message: "Expired card" } } });
    const noAuth = newOrder("10.00");
    expect(
      await est.verifyReturn(config, (await payAtGate(noAuth, CARDS.threeDFailed))!.message, lookup),
    ).toMatchObject({ ok: true, outcome: { status: "declined", error: { code: "MD0" } } });
  });

  it("refuses a tampered return before trusting anything, even one that says Approved", async () => {
    const order = newOrder("99.90");
    const { message } = (await payAtGate(order, CARDS.insufficientFunds))!;
    for (const [name, value] of [
      ["Response", "Approved"],
      ["ProcReturnCode", "00"],
      ["amount", "9.99"],
      ["oid", "ORD-other"],
    ] as const) {
      const forged = await est.verifyReturn(config, asReturn(tamper(message.rawBody, name, value)), lookup);
      expect(forged).toMatchObject({ ok: false, ack: { status: 200 } });
      expect(Object.keys(forged)).toEqual(["ok", "reason", "ack"]);
    }
    expect(await est.verifyReturn({ ...config, storeKey: "not-the-key" }, message, lookup)).toMatchObject({
      ok: false,
    });
    expect(await est.verifyReturn(config, asReturn(tamper(message.rawBody, "HASH", "")), lookup)).toMatchObject({
      ok: false,
    });
    // Signed correctly but not our order, or not our amount: refused too.
    expect(await est.verifyReturn(config, message, async () => null)).toMatchObject({ ok: false });
    expect(
      await est.verifyReturn(config, message, async (id) => ({
        orderId: id,
        amount: "99.00",
        currency: "TRY",
        partnerReference: null,
      })),
    ).toMatchObject({ ok: false });
    for (const currency of ["USD", "XYZ"]) {
      expect(
        await est.verifyReturn(config, message, async (id) => ({
          orderId: id,
          amount: "99.90",
          currency,
          partnerReference: null,
        })),
      ).toMatchObject({ ok: false });
    }
    expect(await est.verifyReturn(config, message, lookup)).toMatchObject({ ok: true });
  });

  it("verifies the same return twice alike (a browser resubmission): the core deduplicates on the order", async () => {
    const order = newOrder("5.00");
    const { message } = (await payAtGate(order, CARDS.approve))!;
    const first = await est.verifyReturn(config, message, lookup);
    const second = await est.verifyReturn(config, message, lookup);
    expect(first.ok && second.ok).toBe(true);
    expect(second).toEqual(first);
  });

  it("recovers a payment whose return never came back (tab closed) by status inquiry", async () => {
    sim.dropReturns();
    const order = newOrder("300.00");
    expect(await payAtGate(order, CARDS.approve)).toBeNull();
    const outcome = await est.inquire(config, {
      orderId: order.orderId,
      amount: "300.00",
      currency: "TRY",
      partnerReference: null,
    });
    expect(outcome).toMatchObject({
      status: "approved",
      amount: "300.00",
      partnerReference: sim.order(config.clientId, order.orderId)!.transId,
    });
    const poor = newOrder("300.00");
    expect(await payAtGate(poor, CARDS.insufficientFunds)).toBeNull();
    expect(
      await est.inquire(config, { orderId: poor.orderId, amount: "300.00", currency: "TRY", partnerReference: null }),
    ).toMatchObject({ status: "declined", error: { code: "51" } });
  });

  it("does not read the gate refusing a reused order id as a card decline: the order stays pending and the inquiry finds the sale", async () => {
    const order = newOrder("42.00");
    expect(await est.verifyReturn(config, (await payAtGate(order, CARDS.approve))!.message, lookup)).toMatchObject({
      ok: true,
      outcome: { status: "approved" },
    });
    const again = await payAtGate(order, CARDS.insufficientFunds);
    expect(again!.action).toBe(order.returnUrl);
    expect(await est.verifyReturn(config, again!.message, lookup)).toMatchObject({
      ok: true,
      orderId: order.orderId,
      outcome: { status: "pending" },
    });
    expect(sim.order(config.clientId, order.orderId)!.state).toBe("A");
    expect(
      await est.inquire(config, { orderId: order.orderId, amount: "42.00", currency: "TRY", partnerReference: null }),
    ).toMatchObject({ status: "approved", amount: "42.00" });
  });

  it("reports an abandoned checkout (never paid at the gate) as not found", async () => {
    const order = newOrder();
    await est.startCheckout(config, order);
    expect(
      await est.inquire(config, {
        orderId: order.orderId,
        amount: order.amount,
        currency: "TRY",
        partnerReference: null,
      }),
    ).toEqual({ status: "not_found" });
  });

  it("refunds part of a sale, refuses more than is left, and reports the bank's refusal", async () => {
    const order = newOrder("100.00");
    await est.verifyReturn(config, (await payAtGate(order, CARDS.approve))!.message, lookup);
    const ref = { orderId: order.orderId, amount: "100.00", currency: "TRY", partnerReference: null, refundId: "rf-1" };
    const partial = await est.refund(config, ref, "40.00");
    expect(partial).toMatchObject({ ok: true });
    expect(partial.ok && partial.partnerReference).toMatch(/^R/);
    expect(await est.refund(config, { ...ref, refundId: "rf-2" }, "60.01")).toMatchObject({
      ok: false,
      error: { code: "99" },
    });
    sim.refuseRefunds();
    expect(await est.refund(config, { ...ref, refundId: "rf-3" }, "10.00")).toMatchObject({
      ok: false,
      error: { code: "CORE-2508" },
    });
  });

  it("tests the connection with the API user, and says so when the credentials are wrong or the host is down", async () => {
    expect(await est.testConnection(config)).toMatchObject({ ok: true });
    expect(await est.testConnection({ ...config, password: "wrong" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("refused"),
    });
    sim.answerApiWith(503);
    expect(await est.testConnection(config)).toMatchObject({ ok: false, message: "EST API answered HTTP 503" });
  });

  it("classifies failed API calls as 'retry', never as a refusal", async () => {
    for (const status of [503, 429, 408, 500]) {
      sim.answerApiWith(status);
      const failure = await est
        .inquire(config, { orderId: "ORD-x", amount: "1.00", currency: "TRY", partnerReference: null })
        .catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(PartnerCallError);
      expect((failure as PartnerCallError).failure.kind).toBe("retry");
    }
    sim.answerApiWith(null);
    sim.delayApi(1500);
    const timedOut = await est
      .refund(
        config,
        { orderId: "ORD-x", amount: "1.00", currency: "TRY", partnerReference: null, refundId: "r" },
        "1.00",
      )
      .catch((e: unknown) => e);
    expect((timedOut as PartnerCallError).failure).toMatchObject({
      kind: "retry",
      reason: expect.stringMatching(
        /^EST API did not answer at 127\.0\.0\.1:\d+: no answer within [\d.]+ s \(timeout\)$/,
      ),
    });
    sim.delayApi(0);
    const wrongUser = await est
      .inquire(
        { ...config, password: "wrong" },
        { orderId: "ORD-x", amount: "1.00", currency: "TRY", partnerReference: null },
      )
      .catch((e: unknown) => e);
    expect((wrongUser as PartnerCallError).failure.kind).toBe("retry");
    const down = await est
      .inquire(
        { ...config, apiUrl: `http://127.0.0.1:${await freePort()}/fim/api` },
        { orderId: "ORD-x", amount: "1.00", currency: "TRY", partnerReference: null },
      )
      .catch((e: unknown) => e);
    expect((down as PartnerCallError).failure).toMatchObject({
      kind: "retry",
      reason: expect.stringMatching(
        /^EST API could not be reached at 127\.0\.0\.1:\d+: the connection was refused \(nothing listens on that port: ECONNREFUSED\)$/,
      ),
    });
  });
});

describe("est-v3: what is read from the bank's answers", () => {
  async function paidOrder(amount: string) {
    const order = newOrder(amount);
    await payAtGate(order, CARDS.approve);
    return { orderId: order.orderId, amount, currency: "TRY", partnerReference: null };
  }
  const beforeEnd = (inner: string) => (xml: string) => xml.replace("</CC5Response>", `${inner}</CC5Response>`);

  it("an XML comment in an answer changes nothing: a refused refund stays refused, an approved one approved", async () => {
    const ref = await paidOrder("50.00");
    sim.refuseRefunds();
    sim.rewriteApiAnswers(beforeEnd("<!-- <Response>Approved</Response><ProcReturnCode>00</ProcReturnCode> -->"));
    expect(await est.refund(config, { ...ref, refundId: "rf-c1" }, "10.00")).toMatchObject({
      ok: false,
      error: { code: "CORE-2508" },
    });
    expect(sim.order(config.clientId, ref.orderId)!.refundedMinor).toBe(0n);
    sim.refuseRefunds(false);
    sim.rewriteApiAnswers(beforeEnd("<!-- <Response>Declined</Response><ProcReturnCode>99</ProcReturnCode> -->"));
    expect(await est.refund(config, { ...ref, refundId: "rf-c2" }, "10.00")).toMatchObject({ ok: true });
  });

  it("CDATA is not entity-decoded, and a reference to no character is no answer (retry), never a RangeError", async () => {
    const ref = await paidOrder("50.00");
    sim.refuseRefunds();
    sim.rewriteApiAnswers((xml) =>
      xml.replace(/<ErrMsg>[^<]*<\/ErrMsg>/, "<ErrMsg><![CDATA[Iade &amp; <red>]]></ErrMsg>"),
    );
    expect(await est.refund(config, { ...ref, refundId: "rf-d1" }, "10.00")).toMatchObject({
      ok: false,
      error: { message: "Refund refused by the bank (Iade &amp; <red>)" },
    });
    sim.rewriteApiAnswers((xml) => xml.replace(/<ErrMsg>[^<]*<\/ErrMsg>/, "<ErrMsg>bad &#99999999; ref</ErrMsg>"));
    const unreadable = await est.refund(config, { ...ref, refundId: "rf-d2" }, "10.00").catch((e: unknown) => e);
    expect(unreadable).toBeInstanceOf(PartnerCallError);
    expect((unreadable as PartnerCallError).failure).toEqual({
      kind: "retry",
      reason: "EST API answered something that is not a CC5Response",
    });
    const inquiry = await est.inquire(config, ref).catch((e: unknown) => e);
    expect((inquiry as PartnerCallError).failure.kind).toBe("retry");
  });

  it("half 3-D Secure (mdStatus 2-4) is paid only where the dealer accepts it; 5-9 is a decline; the inquiry judges alike", async () => {
    for (const md of ["2", "3", "4"]) {
      sim.threeDSecure(md);
      const order = newOrder("20.00");
      const { message } = (await payAtGate(order, CARDS.approve))!;
      expect(sim.order(config.clientId, order.orderId)).toMatchObject({ state: "A", mdStatus: md });
      expect(await est.verifyReturn(config, message, lookup)).toMatchObject({
        ok: true,
        outcome: { status: "declined", chargedAnyway: true, threeDSecure: "half", error: { code: "HALF_3D" } },
      });
      const accepting = { ...config, acceptHalf3D: true };
      expect(await est.verifyReturn(accepting, message, lookup)).toMatchObject({
        ok: true,
        outcome: { status: "approved", amount: "20.00", threeDSecure: "half" },
      });
      const ref = { orderId: order.orderId, amount: "20.00", currency: "TRY", partnerReference: null };
      expect(await est.inquire(config, ref)).toMatchObject({ status: "declined", chargedAnyway: true });
      expect(await est.inquire(accepting, ref)).toMatchObject({ status: "approved", threeDSecure: "half" });
    }
    for (const md of ["5", "6", "7", "8", "9"]) {
      sim.threeDSecure(md);
      const order = newOrder("20.00");
      const { message } = (await payAtGate(order, CARDS.approve))!;
      expect(sim.order(config.clientId, order.orderId)).toBeUndefined();
      expect(await est.verifyReturn({ ...config, acceptHalf3D: true }, message, lookup)).toMatchObject({
        ok: true,
        outcome: { status: "declined", error: { code: `MD${md}` } },
      });
    }
    sim.threeDSecure(null);
    const full = newOrder("20.00");
    expect(await est.verifyReturn(config, (await payAtGate(full, CARDS.approve))!.message, lookup)).toMatchObject({
      ok: true,
      outcome: { status: "approved", threeDSecure: "full" },
    });
  });

  it("the status answer names the bank's order and amount, for the core to compare with ours", async () => {
    const ref = await paidOrder("70.00");
    sim.order(config.clientId, ref.orderId)!.amountMinor = 700n;
    expect(await est.inquire(config, ref)).toMatchObject({ status: "approved", amount: "7.00", orderId: ref.orderId });
  });

  it("settles an unanswered refund from the order's history: made when carried out, not made when lost; refunds already recorded are not taken for it", async () => {
    const ref = await paidOrder("90.00");
    const first = await est.refund(config, { ...ref, refundId: "rf-h1" }, "30.00");
    expect(first).toMatchObject({ ok: true });
    const recorded = [first.ok ? first.partnerReference! : ""];
    // Carried out, answered after the client gave up.
    sim.delayApi(1500);
    await expect(est.refund(config, { ...ref, refundId: "rf-h2" }, "30.00")).rejects.toMatchObject({
      failure: { kind: "retry" },
    });
    sim.delayApi(0);
    await new Promise((r) => setTimeout(r, 700));
    const made = await est.inquireRefund(config, ref, { refundId: "rf-h2", amount: "30.00", recorded });
    const credits = sim.order(config.clientId, ref.orderId)!.credits;
    expect(made).toEqual({ status: "made", partnerReference: credits[1]!.transId });
    // Lost: the bank never saw it.
    sim.loseApiCalls();
    await expect(est.refund(config, { ...ref, refundId: "rf-h3" }, "30.00")).rejects.toMatchObject({
      failure: { kind: "retry" },
    });
    sim.loseApiCalls(false);
    expect(
      await est.inquireRefund(config, ref, {
        refundId: "rf-h3",
        amount: "30.00",
        recorded: [...recorded, credits[1]!.transId],
      }),
    ).toEqual({ status: "not_made" });
    expect(credits).toHaveLength(2);
    expect(sim.apiCalls().filter((c) => c.type === "ORDERHISTORY" && c.orderId === ref.orderId)).toHaveLength(2);
    // No history at all for an order the bank does not know; no answer is "retry".
    expect(
      await est.inquireRefund(config, { ...ref, orderId: "ORD-none" }, { refundId: "x", amount: "1.00", recorded: [] }),
    ).toEqual({ status: "not_made" });
    sim.answerApiWith(503);
    await expect(
      est.inquireRefund(config, ref, { refundId: "rf-h3", amount: "30.00", recorded }),
    ).rejects.toMatchObject({ failure: { kind: "retry" } });
  }, 30_000); // two calls wait out the client's 1 s timeout
});

describe("the simulated gate", () => {
  it("signs with its own ver3 implementation that agrees with the published vector", () => {
    // mewebstudio/pos tests/Unit/Crypt/EstV3PosCryptTest.php::testCreate3DHashFor3DPay (store key 123456).
    const fields = {
      clientid: "190100000",
      storetype: "3d_pay",
      amount: "100.25",
      oid: "order222",
      okUrl: "https://domain.com/success",
      failUrl: "https://domain.com/fail_url",
      rnd: "rand",
      lang: "tr",
      currency: "949",
      taksit: "",
      islemtipi: "Auth",
      firmaadi: "siparis veren",
      Email: "test@test.com",
      hashAlgorithm: "ver3",
    };
    const raw = Object.entries(fields).map(([n, v]) => [n, Buffer.from(v)] as [string, Buffer]);
    expect(ver3Hash(raw, "123456")).toBe(
      "/uPxhEKWCEGi3NsDOOQ4u8Hu5g71v5GWspOid70WehTWEz97PqxG3IN1Jv5jsbOXOw3Z3Rr/0UtywzEgbqFfdA==",
    );
  });

  it("refuses a checkout form whose hash does not match (the bank checks ours as we check its)", async () => {
    const order = newOrder();
    const checkout = await est.startCheckout(config, order);
    if (checkout.next.kind !== "form_post") throw new Error("expected a form post");
    const forged = { ...checkout.next.fields, amount: "1.00" };
    const page = await postForm(checkout.next.url, new URLSearchParams(forged).toString());
    expect(readForm(page.html)).toBeNull();
    expect(page.html).toContain("Hash");
  });

  it("shows its card form in the customer's language, sized for a phone", async () => {
    const checkout = await est.startCheckout(config, newOrder("1250.75", "en"));
    if (checkout.next.kind !== "form_post") throw new Error("expected a form post");
    const en = await postForm(checkout.next.url, new URLSearchParams(checkout.next.fields).toString());
    expect(en.html).toContain("Card Number");
    expect(en.html).toContain('name="viewport" content="width=device-width');
    const tr = await est.startCheckout(config, newOrder("1250.75", "tr"));
    if (tr.next.kind !== "form_post") throw new Error("expected a form post");
    const trPage = await postForm(tr.next.url, new URLSearchParams(tr.next.fields).toString());
    expect(trPage.html).toContain("Kart Numarası");
    expect(trPage.html).toContain("1.250,75 TL");
  });
});
