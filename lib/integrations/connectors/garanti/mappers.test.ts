import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readAmount, writeAmount } from "../amount-format";
import { CARD_CONNECTORS } from "../registry";
import { configFields } from "../config-fields";
import { maskConfig, openConfig, sealConfig } from "../sealed-config";
import type { GvpsAnswer } from "./client";
import { GARANTI_TEST_API_URL, GARANTI_TEST_GATEWAY_URL, garantiConfigSchema } from "./config";
import { apiHash, formHash, returnHash } from "./crypt";
import { buildXml, child, childrenNamed, parseXml, textAt } from "./gvps-xml";
import { garantiConnector } from "./index";
import {
  buildPaymentPageForm,
  GVP_ANSWERED_KURUS,
  GVP_KURUS,
  gvpOrderIdsFor,
  historyRequest,
  refundRequest,
  voidRequest,
} from "./request-mapper";
import { isNoRecord, mapHistory, mapReturn, readHistory } from "./response-mapper";
import { readReturnForm, verifyReturnHash } from "./return-form";

const credentials = {
  merchantId: "7000679",
  terminalId: "30691298",
  userId: "PROVAUT",
  password: "123qweASD/",
  storeKey: "12345678",
  refundPassword: "123qweASD/",
};

describe("configuration", () => {
  it("defaults to Garanti's test hosts and the refund user PROVRFN, refuses unknown keys and names bad ones", () => {
    const config = garantiConfigSchema.parse(credentials);
    expect(config).toMatchObject({
      gatewayUrl: GARANTI_TEST_GATEWAY_URL,
      apiUrl: GARANTI_TEST_API_URL,
      mode: "TEST",
      refundUserId: "PROVRFN",
      acceptHalf3D: false,
      timeoutMs: 20_000,
    });
    expect(GARANTI_TEST_GATEWAY_URL).toBe("https://sanalposprovtest.garantibbva.com.tr/servlet/gt3dengine");
    const problems = (input: Record<string, unknown>) =>
      garantiConfigSchema.safeParse(input).error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(problems({ ...credentials, storekey: "typo" })).toEqual([""]);
    expect(problems({ ...credentials, terminalId: "3069129" })).toEqual(["terminalId"]);
    expect(problems({ ...credentials, refundPassword: undefined })).toEqual(["refundPassword"]);
    expect(problems({ ...credentials, acceptHalf3D: "yes" })).toEqual(["acceptHalf3D"]);
  });

  it("refuses TEST mode on the live hosts and PROD on the test hosts, naming mode", () => {
    const live = {
      ...credentials,
      gatewayUrl: "https://sanalposprov.garanti.com.tr/servlet/gt3dengine",
      apiUrl: "https://sanalposprov.garanti.com.tr/VPServlet",
    };
    expect(garantiConfigSchema.safeParse(live).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([
      "mode: must be PROD for Garanti's live host (gatewayUrl)",
      "mode: must be PROD for Garanti's live host (apiUrl)",
    ]);
    expect(garantiConfigSchema.safeParse({ ...live, mode: "PROD" }).success).toBe(true);
    expect(garantiConfigSchema.safeParse({ ...credentials, mode: "PROD" }).error?.issues[0]?.path).toEqual(["mode"]);
    expect(
      garantiConfigSchema.safeParse({
        ...credentials,
        gatewayUrl: "http://127.0.0.1:4520/servlet/gt3dengine",
        apiUrl: "http://127.0.0.1:4520/VPServlet",
      }).success,
    ).toBe(true);
  });

  it("seals the three secrets, shows the rest, lists its keys for the console, and is registered", () => {
    process.env.APP_ENCRYPTION_KEY = randomBytes(32).toString("base64");
    const stored = sealConfig("dealer_acquirers.config", garantiConnector, {
      ...credentials,
      storeKey: "store-key-0001",
      password: "prov-pass-0002",
      refundPassword: "refund-pass-03",
    });
    expect(Object.keys(stored.sealed).sort()).toEqual(["password", "refundPassword", "storeKey"]);
    expect(JSON.stringify(stored)).not.toMatch(/store-key-0001|prov-pass-0002|refund-pass-03/);
    expect(stored.values).toMatchObject({
      merchantId: "7000679",
      terminalId: "30691298",
      userId: "PROVAUT",
      refundUserId: "PROVRFN",
    });
    expect(openConfig(garantiConnector, stored)).toMatchObject({
      storeKey: "store-key-0001",
      refundPassword: "refund-pass-03",
    });
    expect(maskConfig(stored)).toMatchObject({
      storeKey: "••••",
      password: "••••",
      refundPassword: "••••",
    });
    expect(() =>
      sealConfig("dealer_acquirers.config", garantiConnector, { ...credentials, apiUrl: "not a url" }),
    ).toThrow(/apiUrl/);
    expect(
      configFields(garantiConnector)
        .filter((f) => !f.optional)
        .map((f) => f.key),
    ).toEqual(["merchantId", "terminalId", "userId", "password", "storeKey", "refundPassword"]);
    expect(CARD_CONNECTORS.garanti).toBe(garantiConnector);
  });
});

const order = {
  orderId: "ORD-ABC123DEF456",
  amount: "1250.75",
  currency: "TRY",
  description: "Deposit",
  returnUrl: "https://pay.example.test/api/returns/card/tok?lang=en",
  notifyUrl: "https://pay.example.test/api/webhooks/acquirer/tok",
  lang: "en" as const,
  customer: {
    id: "c1",
    name: "Ayşe",
    surname: "Kaya",
    email: "ayse@example.test",
    phone: "+905551112233",
    ip: "203.0.113.7",
  },
  expiresAt: "2026-11-27T12:15:00.000Z",
};

describe("request mapping", () => {
  it("builds the signed 3D_OOS_PAY form: kuruş amount, numeric currency, both URLs ours, no card fields", () => {
    const config = garantiConfigSchema.parse({ ...credentials, companyName: "Örnek A.Ş." });
    const form = buildPaymentPageForm(config, order, new Date("2026-11-27T12:00:00.123Z"));
    expect(form).toMatchObject({
      mode: "TEST",
      apiversion: "512",
      secure3dsecuritylevel: "3D_OOS_PAY",
      terminalprovuserid: "PROVAUT",
      terminaluserid: "PROVAUT",
      terminalmerchantid: "7000679",
      terminalid: "30691298",
      // GVP is sent letters and digits only (its samples use no hyphen).
      orderid: "ORDABC123DEF456",
      txntype: "sales",
      txnamount: "125075",
      txncurrencycode: "949",
      txninstallmentcount: "",
      successurl: order.returnUrl,
      errorurl: order.returnUrl,
      customeripaddress: "203.0.113.7",
      customeremailaddress: "ayse@example.test",
      lang: "en",
      txntimestamp: "2026-11-27T12:00:00Z",
      companyname: "Örnek A.Ş.",
    });
    expect(form.secure3dhash).toBe(
      formHash(
        {
          terminalId: "30691298",
          orderId: "ORDABC123DEF456",
          amount: "125075",
          currencyCode: "949",
          successUrl: order.returnUrl,
          errorUrl: order.returnUrl,
          txnType: "sales",
          installments: "",
        },
        "12345678",
        "123qweASD/",
      ),
    );
    expect(Object.keys(form).filter((k) => /card|cvv|^pan$/i.test(k))).toEqual([]);
    expect(buildPaymentPageForm({ ...config, lang: "tr" }, order).lang).toBe("tr");
    expect(buildPaymentPageForm(config, { ...order, orderId: "ORD-ABC123DEF456-2" }).orderid).toBe("ORDABC123DEF4562");
    expect(() => buildPaymentPageForm(config, { ...order, orderId: "ORD-ABC123DEF456789012" })).toThrow(/order ids/);
    expect(() => buildPaymentPageForm(config, { ...order, currency: "XYZ" })).toThrow(/currency/);
    expect(() => buildPaymentPageForm(config, { ...order, amount: "1250.7" })).toThrow(/two-place/);
  });

  it("signs inquiries with the provision user and voids and refunds with the refund user", () => {
    const config = garantiConfigSchema.parse({ ...credentials, refundUserId: "PROVRFN", refundPassword: "refund-pw" });
    const history = parseXml(buildXml("GVPSRequest", historyRequest(config, "ORD-1")));
    expect(textAt(history, "Terminal", "ProvUserID")).toBe("PROVAUT");
    expect(textAt(history, "Transaction", "Type")).toBe("orderhistoryinq");
    expect(textAt(history, "Terminal", "HashData")).toBe(
      apiHash({ orderId: "ORD-1", terminalId: "30691298", amount: "100", currencyCode: "949" }, "123qweASD/"),
    );
    const voided = parseXml(buildXml("GVPSRequest", voidRequest(config, "ORD-1", "230508300896")));
    expect([
      textAt(voided, "Terminal", "UserID"),
      textAt(voided, "Transaction", "Type"),
      textAt(voided, "Transaction", "Amount"),
      textAt(voided, "Transaction", "OriginalRetrefNum"),
    ]).toEqual(["PROVRFN", "void", "100", "230508300896"]);
    expect(textAt(voided, "Terminal", "HashData")).toBe(
      apiHash({ orderId: "ORD-1", terminalId: "30691298", amount: "100", currencyCode: "949" }, "refund-pw"),
    );
    const refunded = parseXml(buildXml("GVPSRequest", refundRequest(config, "ORD-1", "40.50", "230508300896")));
    expect([textAt(refunded, "Transaction", "Type"), textAt(refunded, "Transaction", "Amount")]).toEqual([
      "refund",
      "4050",
    ]);
    expect(child(refunded, "Card")).toBeNull();
  });

  it("converts amounts without floating point", () => {
    expect(writeAmount("0.10", GVP_KURUS)).toBe("10");
    expect(writeAmount("9999999999999.99", GVP_KURUS)).toBe("999999999999999");
    expect(readAmount("101", GVP_ANSWERED_KURUS)).toBe("1.01");
    expect(readAmount("5", GVP_ANSWERED_KURUS)).toBe("0.05");
    expect(readAmount("1.5", GVP_ANSWERED_KURUS)).toBeNull();
  });
});

describe("the XML reader", () => {
  it("reads nested elements, the list items GVP repeats, CDATA and references, and ignores comments", () => {
    const root = parseXml(
      `<?xml version="1.0"?><!-- a comment --><R><A><B>x &amp; y &#351;</B><C/><D><![CDATA[<raw>]]></D></A><!-- ` +
        `<A><B>no</B></A> --><L><OrderTxn><T>1</T></OrderTxn><OrderTxn><T>2</T></OrderTxn></L></R>`,
    );
    expect(root?.children.map((c) => c.name)).toEqual(["A", "L"]);
    expect(child(root, "A")!.children.map((c) => [c.name, c.text])).toEqual([
      ["B", "x & y ş"],
      ["C", ""],
      ["D", "<raw>"],
    ]);
    expect(childrenNamed(child(root, "L"), "OrderTxn").map((t) => textAt(t, "T"))).toEqual(["1", "2"]);
  });

  it("refuses an element given twice where GVP gives one: which one is meant is ambiguous", () => {
    const code = (codes: string) =>
      `<GVPSResponse><Transaction><Response>${codes}<ReasonCode/></Response></Transaction></GVPSResponse>`;
    expect(parseXml(code("<Code>00</Code>"))).not.toBeNull();
    expect(parseXml(code("<Code>99</Code><Code>00</Code>"))).toBeNull();
    const history = (txn: string) =>
      `<GVPSResponse><Order><OrderHistInqResult><OrderTxnList><OrderTxn>${txn}</OrderTxn></OrderTxnList>` +
      `</OrderHistInqResult></Order></GVPSResponse>`;
    expect(parseXml(history("<Status>00</Status><AuthAmount>101</AuthAmount>"))).not.toBeNull();
    expect(parseXml(history("<Status>99</Status><Status>00</Status><AuthAmount>101</AuthAmount>"))).toBeNull();
  });

  it(
    "refuses a DOCTYPE, mismatched tags, a bare ampersand, a reference to no character and text outside " + "the root",
    () => {
      for (const xml of [
        `<!DOCTYPE r [<!ENTITY e SYSTEM "file:///etc/passwd">]><r>&e;</r>`,
        "<r><a></b></r>",
        "<r>a & b</r>",
        "<r>&#99999999;</r>",
        "<r>&#xD800;</r>",
        "<r/><r/>",
        "<r>",
        "text<r/>",
      ]) {
        expect(parseXml(xml), xml).toBeNull();
      }
    },
  );
});

describe("result mapping", () => {
  const approved = { procreturncode: "00", response: "Approved", authcode: "304919", hostrefnum: "230508300426" };

  it("pays full 3-D Secure; half only where accepted; an approval without 3-D proof never", () => {
    expect(mapReturn({ ...approved, mdstatus: "1" }, "1.01", false)).toEqual({
      status: "approved",
      amount: "1.01",
      partnerReference: "230508300426",
      authCode: "304919",
      threeDSecure: "full",
    });
    expect(mapReturn({ ...approved, mdstatus: "3" }, "1.01", true)).toMatchObject({
      status: "approved",
      threeDSecure: "half",
    });
    // Refused half 3-D and an approval without 3-D proof were charged by the bank: staff are asked to refund.
    expect(mapReturn({ ...approved, mdstatus: "4" }, "1.01", false)).toMatchObject({
      status: "declined",
      chargedAnyway: true,
      threeDSecure: "half",
      error: {
        code: "HALF_3D",
        message: "Half 3-D Secure (mdStatus 4) is not accepted for this dealer; the bank charged the card",
      },
    });
    expect(mapReturn({ ...approved, mdstatus: "" }, "1.01", true)).toMatchObject({
      status: "declined",
      chargedAnyway: true,
      error: { code: "MD?" },
    });
    expect(mapReturn({ ...approved, mdstatus: "7" }, "1.01", true)).toMatchObject({
      status: "declined",
      error: { code: "MD7" },
    });
  });

  it("maps declines: 3-D failures by mdStatus, provision failures by the host code, no verdict as pending", () => {
    expect(mapReturn({ mdstatus: "0", procreturncode: "99", response: "Error" }, "1.00", false)).toMatchObject({
      status: "declined",
      error: { code: "MD0", message: "3-D Secure authentication failed" },
    });
    expect(mapReturn({ mdstatus: "9", procreturncode: "99", response: "Error" }, "1.00", false)).toMatchObject({
      error: { code: "MD9", message: "Merchant not enrolled for 3-D Secure" },
    });
    // mewebstudio/pos GarantiPosResponseDataMapperTest::threeDPayPaymentDataProvider 'paymentFail1': 92 after full 3-D.
    expect(
      mapReturn(
        { mdstatus: "1", procreturncode: "92", response: "Declined", errmsg: "TxnAmount field must not be zero" },
        "1.00",
        false,
      ),
    ).toMatchObject({ status: "declined", error: { code: "92", message: "Invalid transaction for the virtual POS" } });
    expect(
      mapReturn({ mdstatus: "1", procreturncode: "47", response: "Declined", errmsg: "Kart limiti" }, "1.00", false),
    ).toMatchObject({ error: { code: "47", message: "Declined by the bank (Kart limiti)" } });
    expect(
      mapReturn({ procreturncode: "99", response: "Error", errmsg: "order id already used" }, "1.00", false),
    ).toEqual({ status: "pending" });
  });

  /**
   * The answers of mewebstudio/pos GarantiPosResponseDataMapperTest::orderHistoryTestDataProvider, as GVP sends them
   * (XML).
   */
  const historyAnswer = (code: string, reason: string, txns: string, message = ""): GvpsAnswer => {
    const root = parseXml(
      `<GVPSResponse><Order><OrderID>20221101EB13</OrderID><OrderHistInqResult><OrderTxnList>${txns}</OrderTxnList>` +
        `</OrderHistInqResult></Order><Transaction><Response><Source>GVPS</Source><Code>${code}</Code><ReasonCode` +
        `>${reason}</ReasonCode><ErrorMsg>${message}</ErrorMsg></Response></Transaction></GVPSResponse>`,
    )!;
    return { root, code, reasonCode: reason, message };
  };
  const txn = (fields: Record<string, string>) =>
    `<OrderTxn>${Object.entries(fields)
      .map(([n, v]) => `<${n}>${v}</${n}>`)
      .join("")}</OrderTxn>`;
  const sale = {
    Type: "sales",
    Status: "00",
    PreAuthAmount: "0",
    AuthAmount: "101",
    AuthDate: "20221101",
    VoidDate: "",
    RetrefNum: "230508300896",
    AuthCode: "304919",
    ReturnCode: "00",
    CurrencyCode: "949",
    Settlement: "N",
  };

  it("the ids GVP may hold an order under: the attempt's reference says which, else both (new first)", () => {
    const orderId = "ORD-ABC123DEF456-2";
    expect(gvpOrderIdsFor({ orderId, partnerReference: "ORDABC123DEF4562" })).toEqual(["ORDABC123DEF4562"]);
    // Opened before GVP was sent letters and digits only: the id it was sent, then the one its checkout posts now.
    expect(gvpOrderIdsFor({ orderId, partnerReference: orderId })).toEqual([orderId, "ORDABC123DEF4562"]);
    // A refund names the payment's own reference (an auth code): the id sent now, then the one sent before.
    expect(gvpOrderIdsFor({ orderId, partnerReference: "304919" })).toEqual(["ORDABC123DEF4562", orderId]);
    expect(gvpOrderIdsFor({ orderId: "CONNCHECK1", partnerReference: null })).toEqual(["CONNCHECK1"]);
  });

  it("a sale past the end of day: any mark but N, or no mark and an earlier Turkish day; N is 'not yet'", () => {
    const settled = (fields: Partial<typeof sale>, now: string) =>
      readHistory(historyAnswer("00", "", txn({ ...sale, ...fields })), new Date(now))![0]!.settled;
    const sameDay = "2022-11-01T20:59:00Z"; // 23:59 in Turkey on 1 November
    const nextDay = "2022-11-01T21:00:00Z"; // 00:00 in Turkey on 2 November
    expect(settled({ Settlement: "Y" }, sameDay)).toBe(true);
    expect(settled({ Settlement: "E" }, sameDay)).toBe(true);
    expect(settled({ Settlement: "N" }, sameDay)).toBe(false);
    expect(settled({ Settlement: "N" }, nextDay)).toBe(false);
    expect(settled({ Settlement: "" }, sameDay)).toBe(false);
    expect(settled({ Settlement: "" }, nextDay)).toBe(true);
  });

  it("reads an order's history: the published sale with a failed refund is an approval of 1.01", () => {
    const answer = historyAnswer(
      "00",
      "",
      txn(sale) +
        txn({
          ...sale,
          Type: "refund",
          Status: "01",
          AuthCode: "",
          ReturnCode: "92",
          CurrencyCode: "0",
          RetrefNum: "230508300913",
        }),
    );
    const lines = readHistory(answer)!;
    expect(lines.map((l) => [l.type, l.status, l.amountMinor])).toEqual([
      ["sales", "00", 101n],
      ["refund", "01", 101n],
    ]);
    expect(mapHistory(lines)).toEqual({
      status: "approved",
      amount: "1.01",
      partnerReference: "230508300896",
      authCode: "304919",
    });
    expect(mapHistory(readHistory(historyAnswer("00", "", txn({ ...sale, VoidDate: "20221101" })))!)).toMatchObject({
      status: "cancelled",
    });
    expect(
      mapHistory(readHistory(historyAnswer("00", "", txn({ ...sale, Status: "01", ReturnCode: "51", AuthCode: "" })))!),
    ).toMatchObject({ status: "declined", error: { code: "51" } });
    expect(readHistory(historyAnswer("00", "", txn({ ...sale, AuthAmount: "1.01" })))).toBeNull();
  });

  it("knows GVP's 'no record' answers (published 0108 and 0110) from other refusals", () => {
    expect(isNoRecord(historyAnswer("92", "0108", "", "Gönderilen sipariş numarasına ait kayıt bulunmamaktadır"))).toBe(
      true,
    );
    expect(isNoRecord(historyAnswer("92", "0110", "", "İşlem bulunamadı"))).toBe(true);
    expect(isNoRecord(historyAnswer("92", "0651", "", "Hash doğrulanamadı"))).toBe(false);
    expect(readHistory(historyAnswer("92", "0651", ""))).toBeNull();
  });
});

describe("the bank's return", () => {
  const STORE_KEY = "12345678";
  const body = (fields: Record<string, string>) => ({
    method: "POST",
    headers: {},
    rawBody: new URLSearchParams(fields).toString(),
    form: null,
    query: {},
  });

  it("verifies the published v512 return of GarantiPosCryptTest::threeDHashCheckDataProvider as posted", () => {
    const fields = {
      mdstatus: "1",
      clientid: "30691298",
      oid: "2023100354BB",
      authcode: "",
      response: "",
      procreturncode: "",
      cavv: "xgRlQDz4AAAAAAAAAAAAAAAAAAA=",
      eci: "02",
      md:
        "aW5kZXg6MDJ6LjAI5iAcKf/ilXjYIOnTh4t+deHrtwO8ze7tPTL1YCDcBe8KEpuq6HDLYbqQSluL7p3kGcpFzX9s9XcegNhHMsDszxqG" +
        "d33+p+p5sULGrDF3J2GGfiJDwan4ku7+eiTyS8x2xS9pUy7PTgMGc6jw94aLfXLHskhvY7FYWrymzQ==",
      rnd: "kW094tPzNEhqORzzCsLB",
      hashparams: "clientid:oid:authcode:procreturncode:response:mdstatus:cavv:eci:md:rnd:",
      hash:
        "416B6253425E73184F118CC02E3BAA393622059BF6B0865D83F501E55A61339B9EC659CBCF7297EDECC1B17BF6281D90CC0AD8" +
        "EDF3E1EFE94432ACCEAF79B26E",
    };
    expect(verifyReturnHash(readReturnForm(body(fields))!, STORE_KEY)).toMatchObject({ ok: true });
    expect(verifyReturnHash(readReturnForm(body({ ...fields, mdstatus: "" }))!, STORE_KEY)).toMatchObject({
      ok: false,
    });
    // A list that leaves out what we rely on is refused even when its hash matches.
    expect(
      verifyReturnHash(readReturnForm(body({ ...fields, hashparams: "clientid:oid:" }))!, STORE_KEY),
    ).toMatchObject({
      ok: false,
      reason: expect.stringContaining("does not sign authcode, procreturncode, response, mdstatus"),
    });
    expect(readReturnForm({ ...body(fields), rawBody: "oid=1&OID=2&oid=3" })).toBeNull();
  });

  it("shows the card (MaskedPan) only from a return whose hashparams sign it: the published lists never do", () => {
    // The approved 3D_PAY return of GarantiPosResponseDataMapperTest (success1), signed here in v512 over a list.
    const published: Record<string, string> = {
      clientid: "30691298",
      oid: "20221101657A",
      authcode: "304919",
      procreturncode: "00",
      response: "Approved",
      mdstatus: "1",
      cavv: "jCm0m+u/0hUfAREHBAMBcfN+pSo=",
      eci: "02",
      md:
        "G1YfkxEZ8Noemg4MRspO20vEiXaEk51A7ajPU4mKMSU5LSbRZ/DYiHzgrGsFz6Ow7ditodw/u5116kO5t/Gvv4yZ89KOHO06jIquCipc01" +
        "ocHKHSyQU187XPZksYUFppPDpqjtgAGiQUXRGSuJJRig==",
      rnd: "pfEyUZI0g2djbK4UiqKx",
      hostrefnum: "230508300426",
      MaskedPan: "428220***8015",
    };
    const outcomeSignedOver = (hashparams: string, fields = published) => {
      const names = hashparams.split(":").filter((name) => name !== "");
      const hash = returnHash(
        names.map((name) => Buffer.from(fields[name] ?? "")),
        STORE_KEY,
      );
      const form = readReturnForm(body({ ...fields, hashparams, hash }))!;
      const verified = verifyReturnHash(form, STORE_KEY);
      if (!verified.ok) throw new Error(verified.reason);
      return mapReturn(form.text, "1.01", false, verified.signed);
    };
    const list = "clientid:oid:authcode:procreturncode:response:mdstatus:cavv:eci:md:rnd:";
    const unsigned = outcomeSignedOver(list);
    expect(unsigned).toMatchObject({ status: "approved", threeDSecure: "full" });
    expect(unsigned).not.toHaveProperty("card");
    expect(outcomeSignedOver(`${list}MaskedPan:`)).toMatchObject({
      status: "approved",
      card: { brand: "Visa", last4: "8015" },
    });
    // Signed but no masked number (empty, or only stars): no card, the approval stands.
    const empty = outcomeSignedOver(`${list}MaskedPan:`, { ...published, MaskedPan: "" });
    expect(empty).toMatchObject({ status: "approved" });
    expect(empty).not.toHaveProperty("card");
    // A charge not accepted here (half 3-D refused) carries no card: only an approved attempt shows one.
    expect(outcomeSignedOver(`${list}MaskedPan:`, { ...published, mdstatus: "2" })).not.toHaveProperty("card");
  });
});
