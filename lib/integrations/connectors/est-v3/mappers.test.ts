import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readAmount } from "../amount-format";
import { CARD_CONNECTORS } from "../registry";
import { maskConfig, openConfig, sealConfig } from "../sealed-config";
import { estV3Connector } from "./index";
import { buildCC5Request, parseCC5Response } from "./cc5-xml";
import { EST_TEST_API_URL, EST_TEST_GATEWAY_URL, estConfigSchema } from "./config";
import { hashFields } from "./crypt";
import { decodeFields, parseFormBytes } from "./form-body";
import { buildGateForm, EST_KURUS, historyRequest, refundRequest, statusRequest } from "./request-mapper";
import { isMadeCredit, mapGateReturn, mapOrderStatus, readOrderHistory } from "./response-mapper";

const credentials = { clientId: "190100000", storeKey: "123456", username: "ISBANKAPI", password: "ISBANK07" };

describe("configuration", () => {
  it("defaults to Asseco's test hosts and refuses unknown keys", () => {
    const config = estConfigSchema.parse(credentials);
    expect(config).toMatchObject({ gatewayUrl: EST_TEST_GATEWAY_URL, apiUrl: EST_TEST_API_URL, timeoutMs: 20_000 });
    expect(EST_TEST_GATEWAY_URL).toBe("https://entegrasyon.asseco-see.com.tr/fim/est3Dgate");
    expect(estConfigSchema.safeParse({ ...credentials, storekey: "typo" }).success).toBe(false);
    expect(estConfigSchema.safeParse({ ...credentials, storeKey: "" }).success).toBe(false);
  });
});

describe("configuration at rest", () => {
  it("seals the store key and the API password, shows the rest, and names a bad key", () => {
    process.env.APP_ENCRYPTION_KEY = randomBytes(32).toString("base64");
    const stored = sealConfig("dealer_acquirers.config", estV3Connector, {
      ...credentials,
      storeKey: "store-key-0001",
      password: "api-password-9",
    });
    expect(Object.keys(stored.sealed).sort()).toEqual(["password", "storeKey"]);
    expect(JSON.stringify(stored)).not.toContain("store-key-0001");
    expect(stored.values).toMatchObject({
      clientId: "190100000",
      username: "ISBANKAPI",
      gatewayUrl: EST_TEST_GATEWAY_URL,
    });
    expect(openConfig(estV3Connector, stored)).toMatchObject({
      storeKey: "store-key-0001",
      password: "api-password-9",
    });
    expect(maskConfig(stored)).toMatchObject({ storeKey: "••••", password: "••••" });
    expect(() =>
      sealConfig("dealer_acquirers.config", estV3Connector, { ...credentials, apiUrl: "not a url" }),
    ).toThrow(/apiUrl/);
    expect(CARD_CONNECTORS["est-v3"]).toBe(estV3Connector);
  });
});

describe("request mapping", () => {
  const order = {
    orderId: "ORD-1",
    amount: "1250.75",
    currency: "TRY",
    description: "d",
    returnUrl: "https://pay.example/r",
    notifyUrl: "https://pay.example/n",
    lang: "en" as const,
    customer: { id: "c", name: "Ayşe", surname: "Yılmaz", email: "a@example.test", phone: "", ip: "127.0.0.1" },
    expiresAt: "2030-01-01T00:00:00Z",
  };

  it("builds the 3D_PAY_HOSTING form, signed over every field but hash and encoding", () => {
    const config = estConfigSchema.parse(credentials);
    const form = buildGateForm(config, order, "fixed-rnd");
    expect(form).toMatchObject({
      clientid: "190100000",
      storetype: "3d_pay_hosting",
      TranType: "Auth",
      amount: "1250.75",
      currency: "949",
      oid: "ORD-1",
      okUrl: order.returnUrl,
      failUrl: order.returnUrl,
      lang: "en",
      rnd: "fixed-rnd",
      hashAlgorithm: "ver3",
      encoding: "UTF-8",
      BillToName: "Ayşe Yılmaz",
    });
    const signed = Object.fromEntries(Object.entries(form).filter(([name]) => name !== "hash" && name !== "encoding"));
    expect(form.hash).toBe(hashFields(signed, "123456"));
    expect(buildGateForm({ ...config, lang: "tr" }, order, "fixed-rnd").lang).toBe("tr");
    expect(() => buildGateForm(config, { ...order, amount: "12.5" })).toThrow();
    expect(() => buildGateForm(config, { ...order, orderId: "bad id" })).toThrow();
  });

  it("writes the CC5Request of a status query and of a refund", () => {
    const config = estConfigSchema.parse(credentials);
    expect(buildCC5Request(statusRequest(config, "ORD-1"))).toBe(
      '<?xml version="1.0" ' +
        'encoding="UTF-8"?><CC5Request><Name>ISBANKAPI</Name><Password>ISBANK07</Password><ClientId>190100000</Clie' +
        "ntId><OrderId>ORD-1</OrderId><Extra><ORDERSTATUS>QUERY</ORDERSTATUS></Extra></CC5Request>",
    );
    expect(buildCC5Request(refundRequest({ ...config, password: "a<b&c" }, "ORD-1", "10.00", "TRY"))).toContain(
      "<Password>a&lt;b&amp;c</Password><ClientId>190100000</ClientId><Type>Credit</Type><OrderId>ORD-1</OrderId><T" +
        "otal>10.00</Total><Currency>949</Currency>",
    );
    expect(buildCC5Request(refundRequest(config, "ORD-1", "10.00", "EUR"))).toContain("<Currency>978</Currency>");
    expect(buildCC5Request(historyRequest(config, "ORD-1"))).toContain(
      "<OrderId>ORD-1</OrderId><Extra><ORDERHISTORY>QUERY</ORDERHISTORY></Extra>",
    );
  });
});

describe(
  "response mapping (vectors from mewebstudio/pos " +
    "tests/Unit/DataMapper/ResponseDataMapper/EstPosResponseDataMapperTest.php)",
  () => {
    it("maps ORDERSTATUS 'success1' (TRANS_STAT A, ORIG_TRANS_AMT 101) to approved 1.01", () => {
      const xml =
        `<CC5Response><ErrMsg>Record(s) found for ` +
        `20221030FAC5</ErrMsg><ProcReturnCode>00</ProcReturnCode><Response>Approved</Response><OrderId>20221030FAC5` +
        `</OrderId><TransId>22303Md4C19254</TransId>
<Extra><AUTH_CODE>P90325</AUTH_CODE><AUTH_DTTM>2022-10-30 ` +
        `12:29:53.773</AUTH_DTTM><CAPTURE_AMT></CAPTURE_AMT><CHARGE_TYPE_CD>S</CHARGE_TYPE_CD><HOST_REF_NUM>2303006` +
        `71782</HOST_REF_NUM><NUMCODE>0</NUMCODE><ORD_ID>20221030FAC5</ORD_ID><ORIG_TRANS_AMT>101</ORIG_TRANS_AMT><` +
        `PAN>4355 08** **** ` +
        `4358</PAN><PROC_RET_CD>00</PROC_RET_CD><SETTLEID/><TRANS_ID>22303Md4C19254</TRANS_ID><TRANS_STAT>A</TRANS_` +
        `STAT></Extra></CC5Response>`;
      // The answer names no MDSTATUS: credited only where the dealer accepts half 3-D.
      expect(mapOrderStatus(parseCC5Response(xml)!, true)).toEqual({
        status: "approved",
        amount: "1.01",
        partnerReference: "22303Md4C19254",
        authCode: "P90325",
        orderId: "20221030FAC5",
      });
      expect(mapOrderStatus(parseCC5Response(xml)!)).toEqual({
        status: "declined",
        error: { code: "3D_UNVERIFIED", message: expect.stringContaining("no signed return says") },
        partnerReference: "22303Md4C19254",
        chargedAnyway: true,
        charged: { amount: "1.01", orderId: "20221030FAC5" },
      });
    });

    it("maps ORDERSTATUS 'fail1' (No record found) to not found, and other states to their outcome", () => {
      const noRecord =
        `<CC5Response><ErrMsg>No record found for ` +
        `2022103088D22</ErrMsg><ProcReturnCode>99</ProcReturnCode><Response>Declined</Response><OrderId></OrderId><` +
        `TransId></TransId><Extra><NUMCODE>0</NUMCODE></Extra></CC5Response>`;
      expect(mapOrderStatus(parseCC5Response(noRecord)!)).toEqual({ status: "not_found" });
      const state = (s: string) =>
        parseCC5Response(
          `<CC5Response><ProcReturnCode>00</ProcReturnCode><Response>Approved</Response><Extra><TRANS_STAT>${s}</TRAN` +
            `S_STAT><PROC_RET_CD>05</PROC_RET_CD><ORIG_TRANS_AMT>125075</ORIG_TRANS_AMT><TRANS_ID>T1</TRANS_ID></Ex` +
            `tra></CC5Response>`,
        )!;
      expect(mapOrderStatus(state("S"), true)).toMatchObject({ status: "approved", amount: "1250.75" });
      expect(mapOrderStatus(state("D"))).toMatchObject({
        status: "declined",
        error: { code: "05", message: "Do not honour" },
      });
      expect(mapOrderStatus(state("PN"))).toEqual({ status: "pending" });
      const refundLast = parseCC5Response(
        "<CC5Response><ProcReturnCode>00</ProcReturnCode><Extra><CHARGE_TYPE_CD>C</CHARGE_TYPE_CD><TRANS_STAT>A</TRAN" +
          "S_STAT><ORIG_TRANS_AMT>4000</ORIG_TRANS_AMT></Extra></CC5Response>",
      )!;
      expect(mapOrderStatus(refundLast)).toBeNull();
      expect(mapOrderStatus(state("V"))).toMatchObject({ status: "cancelled" });
      expect(
        mapOrderStatus(
          parseCC5Response(
            "<CC5Response><Response>Error</Response><ProcReturnCode>99</ProcReturnCode><ErrMsg>Kullanici " +
              "dogrulanamadi</ErrMsg></CC5Response>",
          )!,
        ),
      ).toBeNull();
      expect(parseCC5Response("<html>maintenance</html>")).toBeNull();
    });

    it(
      "maps the 3D_PAY return 'success1' of threeDPayPaymentDataProvider to approved, and declines by ProcReturnCode " +
        "or mdStatus",
      () => {
        const approved = {
          Response: "Approved",
          ProcReturnCode: "00",
          mdStatus: "1",
          TransId: "22303LWsA14386",
          AuthCode: "P37891",
          ErrMsg: "",
        };
        expect(mapGateReturn(approved, "1.01")).toEqual({
          status: "approved",
          amount: "1.01",
          partnerReference: "22303LWsA14386",
          authCode: "P37891",
          threeDSecure: "full",
        });
        expect(
          mapGateReturn({ Response: "Declined", ProcReturnCode: "12", mdStatus: "1", TransId: "T" }, "1.01"),
        ).toMatchObject({ status: "declined", error: { code: "12", message: "Invalid transaction" } });
        expect(mapGateReturn({ Response: "Declined", ProcReturnCode: "54", mdStatus: "1" }, "1.01")).toMatchObject({
          error: { code: "54", message: "Expired card" },
        });
        expect(
          mapGateReturn(
            { Response: "Error", ProcReturnCode: "", mdStatus: "7", ErrMsg: "3D Secure Authorize Error" },
            "1.01",
          ),
        ).toMatchObject({ status: "declined", error: { code: "MD7" } });
        expect(
          mapGateReturn({ Response: "Declined", ProcReturnCode: "99", mdStatus: "1", ErrMsg: "Red" }, "1.01"),
        ).toMatchObject({ error: { code: "99", message: "General error" } });
        expect(
          mapGateReturn({ Response: "Error", ProcReturnCode: "99", ErrMsg: "order id already used" }, "1.01"),
        ).toEqual({ status: "pending" });
        expect(
          mapGateReturn({ Response: "Declined", ProcReturnCode: "XY", mdStatus: "1", ErrMsg: "Bilinmeyen" }, "1.01"),
        ).toMatchObject({ error: { code: "XY", message: "Declined by the bank (Bilinmeyen)" } });
      },
    );

    it(
      "counts only mdStatus 1 as authenticated: half 3-D (2-4) is paid only where the dealer accepts it, and a " +
        "charge otherwise is 'charged anyway'",
      () => {
        const approved = { Response: "Approved", ProcReturnCode: "00", TransId: "T1", AuthCode: "P1" };
        for (const md of ["2", "3", "4"]) {
          expect(mapGateReturn({ ...approved, mdStatus: md }, "1.01")).toEqual({
            status: "declined",
            error: {
              code: "HALF_3D",
              message: `Half 3-D Secure (mdStatus ${md}) is not accepted for this dealer; the bank charged the card`,
            },
            partnerReference: "T1",
            chargedAnyway: true,
            threeDSecure: "half",
          });
          expect(mapGateReturn({ ...approved, mdStatus: md }, "1.01", true)).toEqual({
            status: "approved",
            amount: "1.01",
            partnerReference: "T1",
            authCode: "P1",
            threeDSecure: "half",
          });
        }
        // An approval without a 3-D verdict, or under a failed one, proves no authentication: never paid.
        for (const md of [undefined, "0", "5", "9"])
          expect(mapGateReturn({ ...approved, ...(md ? { mdStatus: md } : {}) }, "1.01", true)).toMatchObject({
            status: "declined",
            chargedAnyway: true,
          });
        for (const md of ["0", "5", "6", "7", "8", "9"])
          expect(mapGateReturn({ Response: "Error", ProcReturnCode: "", mdStatus: md }, "1.01", true)).toMatchObject({
            status: "declined",
            error: { code: `MD${md}` },
          });
        const status = (md: string) =>
          parseCC5Response(
            `<CC5Response><ProcReturnCode>00</ProcReturnCode><Extra><ORD_ID>O1</ORD_ID><TRANS_STAT>A</TRANS_STAT>` +
              `<ORIG_` +
              `TRANS_AMT>101</ORIG_TRANS_AMT><MDSTATUS>${md}</MDSTATUS></Extra></CC5Response>`,
          )!;
        expect(mapOrderStatus(status("1"))).toMatchObject({ status: "approved", threeDSecure: "full", orderId: "O1" });
        expect(mapOrderStatus(status("3"))).toMatchObject({ status: "declined", chargedAnyway: true });
        expect(mapOrderStatus(status("3"), true)).toMatchObject({ status: "approved", threeDSecure: "half" });
        // No MDSTATUS at all: nothing says the level, so only a dealer that accepts half 3-D is paid.
        expect(mapOrderStatus(status(""))).toMatchObject({
          status: "declined",
          error: { code: "3D_UNVERIFIED" },
          chargedAnyway: true,
        });
        expect(mapOrderStatus(status(""), true)).toMatchObject({ status: "approved" });
      },
    );

    it(
      "reads ORDERHISTORY lines (mewebstudio/pos orderHistoryTestDataProvider) and tells a refund that gave " +
        "money back",
      () => {
        const history = readOrderHistory({
          TRX1: "C\tD\t100\t100\t2024-01-02 21:53:02.486\t2024-01-02 21:53:02.486\t\t\t\t99\t24002V3CG19993",
          TRX2:
            "S\tV\t101\t101\t2024-01-02 21:52:59.261\t2024-01-02 21:52:59.261\t2024-01-02 " +
            "21:53:01.297\t400200744059\tP78955\t00\t24002V29G19979",
          TRXCOUNT: "2",
        });
        expect(history).toEqual([
          { type: "C", state: "D", amountMinor: 100n, procReturnCode: "99", transId: "24002V3CG19993" },
          { type: "S", state: "V", amountMinor: 101n, procReturnCode: "00", transId: "24002V29G19979" },
        ]);
        expect(history!.map(isMadeCredit)).toEqual([false, false]);
        expect(isMadeCredit({ type: "C", state: "C", amountMinor: 100n, procReturnCode: "00", transId: "R1" })).toBe(
          true,
        );
        expect(readOrderHistory({ TRX1: "C\tC\tabc" })).toBeNull();
        expect(readOrderHistory({ TRXCOUNT: "0" })).toEqual([]);
      },
    );

    it("reads kuruş amounts and ISO-8859-9 form values", () => {
      expect([
        readAmount("101", EST_KURUS),
        readAmount("5", EST_KURUS),
        readAmount("100000", EST_KURUS),
        readAmount("", EST_KURUS),
      ]).toEqual(["1.01", "0.05", "1000.00", null]);
      // "İşbank" in ISO-8859-9: DD FE 62 61 6E 6B.
      expect(decodeFields(parseFormBytes("merchantName=%DD%FEbank&encoding=ISO-8859-9")).merchantName).toBe("İşbank");
      expect(decodeFields(parseFormBytes("merchantName=%C4%B0%C5%9Fbank&encoding=UTF-8")).merchantName).toBe("İşbank");
    });
  },
);
