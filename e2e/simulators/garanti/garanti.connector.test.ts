import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freePort } from "@/e2e/support/free-port";
import { formBody, postForm, readForm } from "@/e2e/simulators/est-v3/browser";
import { CARDS, DEFAULT_TERMINAL, startGarantiSimulator, type GarantiSimulator } from "@/e2e/simulators/garanti/server";
import { formHash as simulatorFormHash } from "@/e2e/simulators/garanti/wire";
import {
  PartnerCallError,
  type CardOrder,
  type IncomingMessage,
  type OrderLookup,
} from "@/lib/integrations/connectors/ports";
import { garantiConfigSchema, type GarantiConfig } from "@/lib/integrations/connectors/garanti/config";
import { garantiConnector as garanti } from "@/lib/integrations/connectors/garanti";
import { inquireRefund } from "@/lib/integrations/connectors/garanti/refunds";

/**
 * The connector against the simulated GVP over real HTTP on 127.0.0.1: the test plays the customer's browser
 * (posts the checkout form to the 3-D engine, types a card, carries the outcome back) and the core (hands the
 * return to verifyReturn with an order lookup, inquires, refunds).
 */
let sim: GarantiSimulator;
let config: GarantiConfig;
const orders = new Map<
  string,
  { orderId: string; amount: string; currency: string; partnerReference: string | null }
>();
/** The id GVP is sent (letters and digits only): what its records, returns and API calls name. */
const gvp = (order: { orderId: string }) => order.orderId.replace(/[^A-Za-z0-9]/g, "");
// As the app's lookup: by our order id, or by the attempt's partner reference (the id GVP was sent).
const lookup: OrderLookup = async (id) => orders.get(id) ?? [...orders.values()].find((o) => gvp(o) === id) ?? null;
let seq = 0;

const T = DEFAULT_TERMINAL;
const credentials = {
  merchantId: T.merchantId,
  terminalId: T.terminalId,
  userId: "PROVOOS",
  password: T.users.PROVOOS!,
  storeKey: T.storeKey,
  refundPassword: T.users.PROVRFN!,
};

beforeAll(async () => {
  sim = await startGarantiSimulator();
  config = garantiConfigSchema.parse({
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
  sim.answerApiWith(null);
  sim.delayApi(0);
});

function newOrder(amount = "1250.75", lang: "tr" | "en" = "tr"): CardOrder {
  seq += 1;
  const orderId = `ORD-${Date.now().toString(36).toUpperCase()}${seq}`;
  // As the app keeps it: the attempt's partner reference is the id GVP was sent.
  orders.set(orderId, { orderId, amount, currency: "TRY", partnerReference: gvp({ orderId }) });
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
      email: "sukru@example.test",
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
  partnerReference: gvp(order),
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

/** Opens the checkout, pays with `card` at the payment page, and returns the outcome as the browser would post it (null when dropped). */
async function payAtPage(
  order: CardOrder,
  card: string,
  expiry = "12/30",
): Promise<{ action: string; message: IncomingMessage } | null> {
  const checkout = await garanti.startCheckout(config, order);
  if (checkout.next.kind !== "form_post") throw new Error("expected a form post");
  const page = await postForm(checkout.next.url, new URLSearchParams(checkout.next.fields).toString());
  const cardForm = readForm(page.html);
  if (!cardForm) throw new Error(`the engine refused the form: ${page.html}`);
  const values = Object.fromEntries(cardForm.fields);
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

/** Replaces (or, when absent, adds) one field of a urlencoded body, leaving the rest and the hash as the bank sent them. */
function tamper(rawBody: string, name: string, value: string): string {
  const pairs = rawBody.split("&");
  const at = pairs.findIndex((pair) => pair.startsWith(`${name}=`));
  const replaced = `${name}=${encodeURIComponent(value)}`;
  if (at < 0) return [...pairs, replaced].join("&");
  pairs[at] = replaced;
  return pairs.join("&");
}

describe("garanti against the simulated GVP", () => {
  it("approves with the test card after full 3-D Secure: the signed return is verified and mapped, the amount is ours", async () => {
    const order = newOrder();
    const paid = await payAtPage(order, CARDS.approve);
    expect(paid!.action).toBe(order.returnUrl);
    const result = await garanti.verifyReturn(config, paid!.message, lookup);
    const sale = sim.order(T.terminalId, gvp(order))!.txns[0]!;
    expect(result).toEqual({
      ok: true,
      orderId: order.orderId,
      outcome: {
        status: "approved",
        amount: "1250.75",
        partnerReference: sale.retrefNum,
        authCode: sale.authCode,
        threeDSecure: "full",
      },
      ack: { status: 200, contentType: "text/plain; charset=utf-8", body: "OK" },
    });
    // GVP posts the card (MaskedPan) outside its hashparams: toEqual above shows it is not read.
    expect(new URLSearchParams(paid!.message.rawBody).get("MaskedPan")).toMatch(/^\d{6}\*+\d{4}$/);
    expect(sale).toMatchObject({ amountMinor: 125075n, currencyCode: "949", status: "00" });
  });

  it("declines for insufficient funds, an expired card and failed 3-D Secure, in our words", async () => {
    expect(
      await garanti.verifyReturn(
        config,
        (await payAtPage(newOrder("10.00"), CARDS.insufficientFunds))!.message,
        lookup,
      ),
    ).toMatchObject({
      ok: true,
      outcome: { status: "declined", error: { code: "51", message: "Insufficient funds" } },
    });
    expect(
      await garanti.verifyReturn(config, (await payAtPage(newOrder("10.00"), CARDS.approve, "01/20"))!.message, lookup),
    ).toMatchObject({ ok: true, outcome: { status: "declined", error: { code: "54", message: "Expired card" } } });
    expect(
      await garanti.verifyReturn(config, (await payAtPage(newOrder("10.00"), CARDS.threeDFailed))!.message, lookup),
    ).toMatchObject({
      ok: true,
      outcome: { status: "declined", error: { code: "MD0", message: "3-D Secure authentication failed" } },
    });
  });

  it("half 3-D Secure (mdStatus 2-4): the bank charged; refused unless the dealer accepts half 3-D", async () => {
    for (const md of [2, 3, 4]) {
      const order = newOrder("20.00");
      const { message } = (await payAtPage(order, CARDS.mdStatus(md)))!;
      expect(sim.order(T.terminalId, gvp(order))!.txns[0]).toMatchObject({ status: "00", type: "sales" });
      expect(await garanti.verifyReturn(config, message, lookup)).toMatchObject({
        ok: true,
        outcome: { status: "declined", error: { code: "HALF_3D", message: expect.stringContaining(`mdStatus ${md}`) } },
      });
      expect(await garanti.verifyReturn({ ...config, acceptHalf3D: true }, message, lookup)).toMatchObject({
        ok: true,
        outcome: { status: "approved", amount: "20.00" },
      });
    }
  });

  it("mdStatus 5-9 come back unsigned: nothing in them is believed, the bank is asked and has no sale", async () => {
    for (const md of [5, 6, 7, 8, 9]) {
      const order = newOrder("30.00");
      const { message } = (await payAtPage(order, CARDS.mdStatus(md)))!;
      expect(message.rawBody).not.toMatch(/(^|&)(hash|hashparams)=/);
      const before = sim.apiCalls().length;
      expect(await garanti.verifyReturn(config, message, lookup)).toEqual({
        ok: true,
        orderId: order.orderId,
        outcome: { status: "not_found" },
        ack: expect.anything(),
      });
      expect(sim.apiCalls().slice(before)).toEqual([{ type: "orderhistoryinq", orderId: gvp(order), user: "PROVOOS" }]);
    }
  });

  it("an unsigned return that claims approval is answered from the bank's records, never from its fields", async () => {
    const order = newOrder("99.90");
    await garanti.startCheckout(config, order);
    const forged = asReturn(
      new URLSearchParams({
        oid: order.orderId,
        clientid: T.terminalId,
        mdstatus: "1",
        procreturncode: "00",
        response: "Approved",
        authcode: "123456",
        txnamount: "9990",
      }).toString(),
    );
    expect(await garanti.verifyReturn(config, forged, lookup)).toMatchObject({
      ok: true,
      outcome: { status: "not_found" },
    });
    expect(await garanti.verifyReturn(config, forged, async () => null)).toMatchObject({ ok: false });
    sim.answerApiWith(503);
    expect(await garanti.verifyReturn(config, forged, lookup)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("could not confirm"),
    });
  });

  it("a half 3-D charge whose signed return the customer withholds is never a success: not by an unsigned return, not by the inquiry", async () => {
    const order = newOrder("75.00");
    const { message } = (await payAtPage(order, CARDS.mdStatus(2)))!;
    // The honest signed return: half 3-D, not accepted at this dealer.
    expect(await garanti.verifyReturn(config, message, lookup)).toMatchObject({
      ok: true,
      outcome: { status: "declined", error: { code: "HALF_3D" }, chargedAnyway: true },
    });
    // The customer posts only the order id instead, or closes the tab and lets the inquiry run: the bank's history
    // shows an approved sale without its 3-D level, which is not credited either.
    const onlyTheOrder = asReturn(new URLSearchParams({ oid: order.orderId }).toString());
    for (const outcome of [
      ((await garanti.verifyReturn(config, onlyTheOrder, lookup)) as { outcome: unknown }).outcome,
      await garanti.inquire(config, ref(order)),
    ]) {
      expect(outcome).toMatchObject({
        status: "declined",
        error: { code: "3D_UNVERIFIED" },
        chargedAnyway: true,
        charged: { amount: "75.00" },
      });
    }
    // Asked less than a minute ago (the core's claim refused): an unsigned return asks the bank nothing.
    const before = sim.apiCalls().length;
    expect(
      await garanti.verifyReturn(config, onlyTheOrder, lookup, { mayAskPartner: async () => false }),
    ).toMatchObject({
      ok: false,
      reason: expect.stringContaining("less than a minute ago"),
    });
    expect(sim.apiCalls().length).toBe(before);
    // A dealer that accepts half 3-D is paid either way.
    expect(await garanti.inquire({ ...config, acceptHalf3D: true }, ref(order))).toMatchObject({
      status: "approved",
      amount: "75.00",
    });
  });

  it("refuses a tampered signed return before trusting anything, even one that says Approved", async () => {
    const order = newOrder("99.90");
    const { message } = (await payAtPage(order, CARDS.insufficientFunds))!;
    const forgeries: [string, string][] = [
      ["procreturncode", "00"],
      ["response", "Approved"],
      ["mdstatus", "2"],
      ["oid", "ORD-OTHER"],
      ["clientid", "30691299"],
      ["hash", "A".repeat(128)],
      ["hashparams", "clientid:oid:"],
      ["hashparams", "oid:clientid:authcode:procreturncode:response:mdstatus:cavv:eci:md:rnd:"],
    ];
    for (const [name, value] of forgeries) {
      const forged = await garanti.verifyReturn(config, asReturn(tamper(message.rawBody, name, value)), lookup);
      expect(forged, `${name}=${value}`).toMatchObject({ ok: false, ack: { status: 200 } });
      expect(Object.keys(forged)).toEqual(["ok", "reason", "ack"]);
    }
    // Unsigned echoes that disagree with ours, a repeated field, another store key: refused too.
    for (const [name, value] of [
      ["txnamount", "100"],
      ["txncurrencycode", "840"],
      ["orderid", "ORD-OTHER"],
      ["terminalid", "30691299"],
    ]) {
      expect(
        await garanti.verifyReturn(config, asReturn(tamper(message.rawBody, name!, value!)), lookup),
        name,
      ).toMatchObject({ ok: false });
    }
    expect(await garanti.verifyReturn(config, asReturn(`${message.rawBody}&procreturncode=00`), lookup)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("repeats"),
    });
    expect(await garanti.verifyReturn({ ...config, storeKey: "not-the-key" }, message, lookup)).toMatchObject({
      ok: false,
    });
    expect(
      await garanti.verifyReturn(config, message, async (id) => ({
        orderId: id,
        amount: "99.00",
        currency: "TRY",
        partnerReference: null,
      })),
    ).toMatchObject({ ok: false });
    expect(
      await garanti.verifyReturn(config, message, async (id) => ({
        orderId: id,
        amount: "99.90",
        currency: "USD",
        partnerReference: null,
      })),
    ).toMatchObject({ ok: false });
    expect(await garanti.verifyReturn(config, message, lookup)).toMatchObject({
      ok: true,
      outcome: { status: "declined" },
    });
  });

  it("verifies the same return twice alike (a browser resubmission): the core deduplicates on the order", async () => {
    const { message } = (await payAtPage(newOrder("5.00"), CARDS.approve))!;
    const first = await garanti.verifyReturn(config, message, lookup);
    expect(first.ok).toBe(true);
    expect(await garanti.verifyReturn(config, message, lookup)).toEqual(first);
  });

  it("does not read the engine refusing a reused order id as a decline: pending, and the inquiry finds the sale", async () => {
    const order = newOrder("42.00");
    expect(await garanti.verifyReturn(config, (await payAtPage(order, CARDS.approve))!.message, lookup)).toMatchObject({
      ok: true,
      outcome: { status: "approved" },
    });
    const again = await payAtPage(order, CARDS.insufficientFunds);
    expect(await garanti.verifyReturn(config, again!.message, lookup)).toMatchObject({
      ok: true,
      orderId: order.orderId,
      outcome: { status: "pending" },
    });
    // The history names no 3-D level: credited only where the dealer accepts half 3-D.
    expect(await garanti.inquire({ ...config, acceptHalf3D: true }, ref(order))).toMatchObject({
      status: "approved",
      amount: "42.00",
    });
  });

  it("recovers a payment whose return never came back (tab closed) by status inquiry; abandoned is not found", async () => {
    sim.dropReturns();
    const order = newOrder("300.00");
    expect(await payAtPage(order, CARDS.approve)).toBeNull();
    const sale = sim.order(T.terminalId, gvp(order))!.txns[0]!;
    // Where the dealer accepts half 3-D, the history's approval is the payment's.
    expect(await garanti.inquire({ ...config, acceptHalf3D: true }, ref(order))).toEqual({
      status: "approved",
      amount: "300.00",
      partnerReference: sale.retrefNum,
      authCode: sale.authCode,
    });
    // Elsewhere nothing signed says it was full 3-D: a charge not accepted, never a success.
    expect(await garanti.inquire(config, ref(order))).toEqual({
      status: "declined",
      error: { code: "3D_UNVERIFIED", message: expect.stringContaining("accepts only full 3-D Secure") },
      partnerReference: sale.retrefNum,
      chargedAnyway: true,
      charged: { amount: "300.00" },
    });
    const poor = newOrder("300.00");
    expect(await payAtPage(poor, CARDS.insufficientFunds)).toBeNull();
    expect(await garanti.inquire(config, ref(poor))).toMatchObject({ status: "declined", error: { code: "51" } });
    const abandoned = newOrder();
    await garanti.startCheckout(config, abandoned);
    expect(await garanti.inquire(config, ref(abandoned))).toEqual({ status: "not_found" });
    // A sale of another amount under our order id is not ours to apply.
    const retry = await garanti.inquire(config, { ...ref(order), amount: "3.00" }).catch((e: unknown) => e);
    expect((retry as PartnerCallError).failure.kind).toBe("retry");
  });

  it("voids a whole sale of the day, refunds a settled one in parts, and reports the bank's refusals", async () => {
    const today = newOrder("100.00");
    await garanti.verifyReturn(config, (await payAtPage(today, CARDS.approve))!.message, lookup);
    const partialToday = await garanti.refund(config, { ...ref(today), refundId: "rf-0" }, "40.00");
    expect(partialToday).toMatchObject({ ok: false, error: { code: "0208" } });
    const voided = await garanti.refund(config, { ...ref(today), refundId: "rf-1" }, "100.00");
    expect(voided).toMatchObject({ ok: true, partnerReference: expect.stringMatching(/^\d{12}$/) });
    expect(
      sim
        .apiCalls()
        .filter((c) => c.orderId === gvp(today))
        .map((c) => `${c.type}/${c.user}`),
    ).toEqual(["orderhistoryinq/PROVOOS", "refund/PROVRFN", "orderhistoryinq/PROVOOS", "void/PROVRFN"]);
    expect(sim.leftOf(T.terminalId, gvp(today))).toBe(0n);
    expect(await garanti.inquire(config, ref(today))).toMatchObject({ status: "cancelled", error: { code: "VOIDED" } });
    // A void whose answer was lost, asked again: the sale is already voided, which is the refund done.
    expect(await garanti.refund(config, { ...ref(today), refundId: "rf-1" }, "100.00")).toMatchObject({ ok: true });

    const settled = newOrder("100.00");
    await garanti.verifyReturn(config, (await payAtPage(settled, CARDS.approve))!.message, lookup);
    sim.settle();
    expect(await garanti.refund(config, { ...ref(settled), refundId: "rf-2" }, "40.00")).toMatchObject({ ok: true });
    expect(await garanti.refund(config, { ...ref(settled), refundId: "rf-3" }, "60.01")).toMatchObject({
      ok: false,
      error: { code: "MORE_THAN_LEFT" },
    });
    sim.refuseRefunds();
    expect(await garanti.refund(config, { ...ref(settled), refundId: "rf-4" }, "10.00")).toMatchObject({
      ok: false,
      error: { code: "0999", message: expect.stringContaining("gün sonu") },
    });
    sim.refuseRefunds(false);
    expect(await garanti.refund(config, { ...ref(settled), refundId: "rf-5" }, "60.00")).toMatchObject({ ok: true });
    expect(sim.leftOf(T.terminalId, gvp(settled))).toBe(0n);
    expect(await garanti.inquire({ ...config, acceptHalf3D: true }, ref(settled))).toMatchObject({
      status: "approved",
      amount: "100.00",
    });
    expect(await garanti.refund(config, { ...ref(newOrder("1.00")), refundId: "rf-6" }, "1.00")).toMatchObject({
      ok: false,
      error: { code: "NO_SALE" },
    });
  });

  for (const mark of ["E", ""])
    it(`a whole refund after the end of day is a refund, not a void, whatever marks the sale settled ("${mark}")`, async () => {
      const order = newOrder("80.00");
      await garanti.verifyReturn(config, (await payAtPage(order, CARDS.approve))!.message, lookup);
      // GVP's order id has only letters and digits (its samples use no hyphen).
      expect(sim.order(T.terminalId, gvp(order))).toBeDefined();
      sim.settle(mark);
      try {
        expect(await garanti.refund(config, { ...ref(order), refundId: `rf-${mark}` }, "80.00")).toMatchObject({
          ok: true,
        });
        expect(
          sim
            .apiCalls()
            .filter((c) => c.orderId === gvp(order))
            .map((c) => c.type),
        ).toEqual(["orderhistoryinq", "refund"]);
        expect(sim.leftOf(T.terminalId, gvp(order))).toBe(0n);
      } finally {
        sim.settle("Y");
      }
    });

  it("tells from the order's history whether an unanswered void or refund was made", async () => {
    const order = newOrder("100.00");
    await garanti.verifyReturn(config, (await payAtPage(order, CARDS.approve))!.message, lookup);
    expect(await inquireRefund(config, order, { refundId: "rf-a", amount: "100.00", recorded: [] })).toEqual({
      status: "not_made",
    });
    const voided = await garanti.refund(config, { ...ref(order), refundId: "rf-a" }, "100.00");
    const voidRef = voided.ok ? voided.partnerReference : null;
    expect(await inquireRefund(config, order, { refundId: "rf-a", amount: "100.00", recorded: [] })).toEqual({
      status: "made",
      partnerReference: voidRef,
    });
    expect(await inquireRefund(config, order, { refundId: "rf-b", amount: "100.00", recorded: [voidRef!] })).toEqual({
      status: "not_made",
    });

    const settled = newOrder("100.00");
    await garanti.verifyReturn(config, (await payAtPage(settled, CARDS.approve))!.message, lookup);
    sim.settle();
    const part = await garanti.refund(config, { ...ref(settled), refundId: "rf-c" }, "30.00");
    expect(await inquireRefund(config, settled, { refundId: "rf-c", amount: "30.00", recorded: [] })).toEqual({
      status: "made",
      partnerReference: part.ok ? part.partnerReference : null,
    });
    expect(await inquireRefund(config, settled, { refundId: "rf-d", amount: "70.00", recorded: [] })).toEqual({
      status: "not_made",
    });
    expect(await inquireRefund(config, newOrder("1.00"), { refundId: "rf-e", amount: "1.00", recorded: [] })).toEqual({
      status: "not_made",
    });
  });

  it("tests the connection with the provision user, and says so when the password is wrong or the host is down", async () => {
    expect(await garanti.testConnection(config)).toMatchObject({ ok: true });
    expect(await garanti.testConnection({ ...config, password: "wrong" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("refused"),
    });
    sim.answerApiWith(503);
    expect(await garanti.testConnection(config)).toMatchObject({ ok: false, message: "Garanti API answered HTTP 503" });
  });

  it("classifies failed API calls as 'retry', never as a refusal", async () => {
    for (const status of [503, 429, 408, 500]) {
      sim.answerApiWith(status);
      const failure = await garanti
        .inquire(config, { orderId: "ORD-x", amount: "1.00", currency: "TRY", partnerReference: null })
        .catch((e: unknown) => e);
      expect((failure as PartnerCallError).failure.kind).toBe("retry");
    }
    sim.answerApiWith(null);
    sim.delayApi(1500);
    const timedOut = await garanti
      .refund(
        config,
        { orderId: "ORD-x", amount: "1.00", currency: "TRY", partnerReference: null, refundId: "r" },
        "1.00",
      )
      .catch((e: unknown) => e);
    expect((timedOut as PartnerCallError).failure).toMatchObject({
      kind: "retry",
      reason: expect.stringMatching(
        /^Garanti API did not answer at 127\.0\.0\.1:\d+: no answer within [\d.]+ s \(timeout\)$/,
      ),
    });
    sim.delayApi(0);
    const wrongUser = await garanti
      .inquire(
        { ...config, password: "wrong" },
        { orderId: "ORD-x", amount: "1.00", currency: "TRY", partnerReference: null },
      )
      .catch((e: unknown) => e);
    expect((wrongUser as PartnerCallError).failure.kind).toBe("retry");
    const down = await garanti
      .inquire(
        { ...config, apiUrl: `http://127.0.0.1:${await freePort()}/VPServlet` },
        { orderId: "ORD-x", amount: "1.00", currency: "TRY", partnerReference: null },
      )
      .catch((e: unknown) => e);
    expect((down as PartnerCallError).failure).toMatchObject({
      kind: "retry",
      reason: expect.stringMatching(
        /^Garanti API could not be reached at 127\.0\.0\.1:\d+: the connection was refused \(nothing listens on that port: ECONNREFUSED\)$/,
      ),
    });
  });
});

describe("the simulated GVP", () => {
  it("signs with its own v512 implementation that agrees with the published vector", () => {
    // mewebstudio/pos tests/Unit/Crypt/GarantiPosCryptTest.php::testCreate3DHash (password 123qweASD/, store key 12345678).
    const fields: Record<string, string> = {
      terminalid: "30691298",
      orderid: "order222",
      txnamount: "10025",
      txninstallmentcount: "",
      txntype: "sales",
      txncurrencycode: "949",
      successurl: "https://domain.com/success",
      errorurl: "https://domain.com/fail_url",
    };
    expect(simulatorFormHash((n) => fields[n] ?? "", "12345678", "123qweASD/")).toBe(
      "372D6CB20B2B699D0A6667DFF46E3AA8CF3F9D8C2BB69A7C411895151FFCFAAB5277CCFE3B3A06035FEEFBFBFD40C79DBE51DBF867D0A24B37335A28F0CEFDE2",
    );
  });

  it("refuses a checkout form whose hash does not match (the bank checks ours as we check its)", async () => {
    const checkout = await garanti.startCheckout(config, newOrder());
    if (checkout.next.kind !== "form_post") throw new Error("expected a form post");
    const page = await postForm(
      checkout.next.url,
      new URLSearchParams({ ...checkout.next.fields, txnamount: "100" }).toString(),
    );
    expect(readForm(page.html)).toBeNull();
    expect(page.html).toContain("secure3dhash");
  });

  it("shows its card form in the customer's language, sized for a phone", async () => {
    for (const [lang, words] of [
      ["en", ["Card Number", "TRY 1,250.75"]],
      ["tr", ["Kart Numarası", "1.250,75 TL"]],
    ] as const) {
      const checkout = await garanti.startCheckout(config, newOrder("1250.75", lang));
      if (checkout.next.kind !== "form_post") throw new Error("expected a form post");
      const page = await postForm(checkout.next.url, new URLSearchParams(checkout.next.fields).toString());
      for (const word of words) expect(page.html).toContain(word);
      expect(page.html).toContain('name="viewport" content="width=device-width');
    }
  });
});
