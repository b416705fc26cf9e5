import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashFieldBytes, hashFields, naturalCaseCompare } from "./crypt";
import { parseFormBytes } from "./form-body";

/**
 * Published vectors of the ver3 hash: mewebstudio/pos tests/Unit/Crypt/EstV3PosCryptTest.php (account
 * created with store key "123456", client id "190100000"): testCreate3DHashFor3DPay,
 * testCreate3DHashFor3DSecure and the bank return of threeDHashCheckDataProvider (a real Ziraat 3D_PAY
 * return, with the bank's HASH).
 */
const STORE_KEY = "123456";

describe("EST ver3 hash (published vectors)", () => {
  it("signs the 3D_PAY request form of EstV3PosCryptTest::testCreate3DHashFor3DPay", () => {
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
    expect(hashFields(fields, STORE_KEY)).toBe(
      "/uPxhEKWCEGi3NsDOOQ4u8Hu5g71v5GWspOid70WehTWEz97PqxG3IN1Jv5jsbOXOw3Z3Rr/0UtywzEgbqFfdA==",
    );
  });

  it("signs the 3D request form of EstV3PosCryptTest::testCreate3DHashFor3DSecure", () => {
    const fields = {
      clientid: "190100000",
      storetype: "3d",
      amount: "100.25",
      oid: "order222",
      okUrl: "https://domain.com/success",
      failUrl: "https://domain.com/fail_url",
      rnd: "12345",
      hashAlgorithm: "ver3",
      lang: "tr",
      currency: "949",
      islemtipi: "Auth",
      taksit: "",
    };
    expect(hashFields(fields, STORE_KEY)).toBe(
      "4aUsG5hqlIFLc9s8PKc5rWb2OLhmxDDewNgKa2XrwoYCIxlyVq8Fjl4IVaZzoqL983CfTseicmnTA0PjZr74xg==",
    );
  });

  // The return of threeDHashCheckDataProvider; PHP nulls are empty strings on the wire.
  const bankReturn: Record<string, string> = {
    ReturnOid: "202210308C0F",
    TRANID: "",
    hashAlgorithm: "ver3",
    PAResSyntaxOK: "true",
    firmaadi: "John Doe",
    islemtipi: "Auth",
    lang: "tr",
    merchantID: "190200000",
    maskedCreditCard: "4355 08** **** 4358",
    amount: "1.01",
    sID: "1",
    ACQBIN: "454672",
    Ecom_Payment_Card_ExpDate_Year: "26",
    EXTRA_CARDBRAND: "VISA",
    Email: "mail@customer.com",
    MaskedPan: "435508***4358",
    acqStan: "184784",
    merchantName: "Ziraat 3D_Pay",
    clientIp: "89.244.149.137",
    EXTRA_KAZANILANPUAN: "000000010.00",
    okUrl: "http://localhost/akbank/3d-pay/response.php",
    md: "435508:51104213993AC8DFE8839C7F7E391B461115D09A1D88948C8ACE421D7D7EAA5A:3545:##190200000",
    ProcReturnCode: "00",
    payResults_dsId: "1",
    taksit: "",
    TransId: "22303RqiC11252",
    EXTRA_TRXDATE: "20221030 17:42:33",
    Ecom_Payment_Card_ExpDate_Month: "12",
    storetype: "3d_pay",
    Response: "Approved",
    SettleId: "2383",
    mdErrorMsg:
      "Y-status/Challenge authentication via ACS: " +
      "https://3ds-acs.test.modirum.com/mdpayacs/creq?token=214711321.1667140951.Ud_jQl3B2l1",
    ErrMsg: "",
    PAResVerified: "true",
    cavv: "ABABBCgghAAAAABllJMDdZdTdic=",
    digest: "digest",
    HostRefNum: "230317184784",
    callbackCall: "true",
    AuthCode: "216981",
    failUrl: "http://localhost/akbank/3d-pay/response.php",
    xid: "N1An1iS5iN4u/1VWS6CgzSGRtN0=",
    encoding: "ISO-8859-9",
    currency: "949",
    oid: "202210308C0F",
    mdStatus: "1",
    dsId: "1",
    eci: "05",
    version: "2.0",
    EXTRA_CARDISSUER: "AKBANK T.A.S.",
    clientid: "190200000",
    txstatus: "Y",
    HASH: "jVgcwtx4vxxAcX8+ajsrrzp77k9uaGu1pjDQfCpoUG95y2MwwGipc6cF3kESiTphjV8/1ESSc6zg9KyTSxUnzA==",
    rnd: "J/jGATA5LLVaMfpU+Yyu",
  };

  it("checks the bank's HASH on the published Ziraat return, over the bytes of a urlencoded body", () => {
    const body = new URLSearchParams(bankReturn).toString();
    const fields = parseFormBytes(body);
    expect(hashFieldBytes(fields, STORE_KEY)).toBe(bankReturn.HASH);
    // EstV3PosCryptTest::testCheck3DHash: the same return with mdStatus emptied no longer matches.
    const tampered = parseFormBytes(new URLSearchParams({ ...bankReturn, mdStatus: "" }).toString());
    expect(hashFieldBytes(tampered, STORE_KEY)).not.toBe(bankReturn.HASH);
    expect(hashFieldBytes(fields, "654321")).not.toBe(bankReturn.HASH);
  });
});

describe("field order and escaping", () => {
  it("orders names like PHP's natural, case-insensitive ksort", () => {
    const names = [
      "rnd",
      "Email",
      "amount",
      "ACQBIN",
      "field10",
      "field9",
      "TransId",
      "TRANID",
      "Ecom_Payment",
      "EcomX",
    ];
    expect([...names].sort(naturalCaseCompare)).toEqual([
      "ACQBIN",
      "amount",
      "EcomX",
      "Ecom_Payment",
      "Email",
      "field9",
      "field10",
      "rnd",
      "TRANID",
      "TransId",
    ]);
  });

  it("escapes backslash and pipe inside values so a value cannot forge a field boundary", () => {
    const a = hashFields({ a: "x|y", b: "z" }, "k");
    const b = hashFields({ a: "x", b: "y|z" }, "k");
    expect(a).not.toBe(b);
    // As the guide writes it: each "\\" doubled, each "|" preceded by "\\", then "|"-joined with the key.
    const sha = (text: string) => createHash("sha512").update(text, "utf8").digest("base64");
    expect(hashFields({ b: "c\\d", a: "x|y" }, "k|\\")).toBe(sha("x\\|y|c\\\\d|k\\|\\\\"));
  });
});
