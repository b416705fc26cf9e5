import { describe, expect, it } from "vitest";
import type { CardOrder } from "../ports";
import { readMinorUnits } from "../amount-format";
import { interposConfigSchema } from "./config";
import { formHash, returnHash } from "./crypt";
import {
  buildHostForm,
  INTERPOS_ANSWERED_AMOUNT,
  interposOrderIdOf,
  refundRequest,
  statusRequest,
  voidRequest,
} from "./request-mapper";
import { isNoRecord, mapReturn, mapStatus, readStatus } from "./response-mapper";
import { readReturnForm, signedReturnOf, verifyReturnHash } from "./return-form";
import { parseAnswer } from "./wire";

/**
 * The mappers against mewebstudio/pos's InterPos fixtures (tests/Unit/DataMapper/*InterPos*Test.php,
 * tests/Unit/Serializer/InterPosSerializerTest.php) and the bank's field lists.
 */
const config = interposConfigSchema.parse({
  merchantId: "3123",
  username: "InterTestApi",
  password: "3",
  storeKey: "gDg1N",
});

const order: CardOrder = {
  orderId: "ORD-7K2M9Q-2",
  amount: "100.25",
  currency: "TRY",
  description: "Deposit",
  returnUrl: "https://domain.com/success",
  notifyUrl: "https://domain.com/notify",
  lang: "tr",
  customer: { id: "c", name: "A", surname: "B", email: "a@b.test", phone: "", ip: "127.0.0.1" },
  expiresAt: new Date().toISOString(),
};

describe("configuration", () => {
  it("defaults to InterVPOS's test hosts and names missing or unknown keys", () => {
    expect(config).toMatchObject({
      gatewayUrl: "https://test.inter-vpos.com.tr/mpi/3DHost.aspx",
      apiUrl: "https://test.inter-vpos.com.tr/mpi/Default.aspx",
      acceptHalf3D: false,
      timeoutMs: 20_000,
      reportCallsPerSecond: 5,
    });
    const wrong = interposConfigSchema.safeParse({ merchantId: "3123", username: "u", password: "p", storekey: "x" });
    expect(wrong.success).toBe(false);
    const said = JSON.stringify(wrong.error?.issues);
    expect(said).toContain("storeKey");
    expect(said).toContain("storekey");
  });

  it("refuses a test host beside a live one", () => {
    const mixed = interposConfigSchema.safeParse({
      merchantId: "3123",
      username: "u",
      password: "p",
      storeKey: "k",
      gatewayUrl: "https://inter-vpos.com.tr/mpi/3DHost.aspx",
    });
    expect(mixed.success).toBe(false);
    expect(
      interposConfigSchema.safeParse({
        merchantId: "3123",
        username: "u",
        password: "p",
        storeKey: "k",
        gatewayUrl: "https://inter-vpos.com.tr/mpi/3DHost.aspx",
        apiUrl: "https://inter-vpos.com.tr/mpi/Default.aspx",
      }).success,
    ).toBe(true);
  });
});

describe("requests", () => {
  it("builds mewebstudio's 3d_host form, signed as create3DHash signs it", () => {
    const form = buildHostForm(config, { ...order, orderId: "order222" }, "rand");
    expect(form).toEqual({
      ShopCode: "3123",
      TxnType: "Auth",
      SecureType: "3DHost",
      PurchAmount: "100.25",
      OrderId: "order222",
      OkUrl: "https://domain.com/success",
      FailUrl: "https://domain.com/success",
      Rnd: "rand",
      Lang: "tr",
      Currency: "949",
      InstallmentCount: "",
      Hash: formHash(
        {
          shopCode: "3123",
          orderId: "order222",
          purchAmount: "100.25",
          okUrl: "https://domain.com/success",
          failUrl: "https://domain.com/success",
          txnType: "Auth",
          installmentCount: "",
          rnd: "rand",
        },
        "gDg1N",
      ),
    });
  });

  it("maps our order ids into letters and digits, each attempt its own", () => {
    expect(interposOrderIdOf("ORD-7K2M9Q-2")).toBe("ORD7K2M9Q2");
    expect(interposOrderIdOf("ORD-7K2M9Q-3")).not.toBe(interposOrderIdOf("ORD-7K2M9Q-2"));
    expect(() => interposOrderIdOf("ORD-0123456789ABCDEFGHIJ")).toThrow();
  });

  it("builds StatusHistory, Void and Refund as createStatus/Cancel/RefundRequestData do", () => {
    const account = { UserCode: "InterTestApi", UserPass: "3", ShopCode: "3123" };
    expect(statusRequest(config, "order222")).toEqual({
      ...account,
      orgOrderId: "order222",
      TxnType: "StatusHistory",
      SecureType: "NonSecure",
      Lang: "tr",
    });
    expect(voidRequest(config, "2020110828BC")).toEqual({
      ...account,
      orgOrderId: "2020110828BC",
      TxnType: "Void",
      SecureType: "NonSecure",
      Lang: "tr",
    });
    expect(refundRequest(config, "2020110828BC", "123.10", "TRY")).toEqual({
      ...account,
      orgOrderId: "2020110828BC",
      PurchAmount: "123.10",
      Currency: "949",
      TxnType: "Refund",
      SecureType: "NonSecure",
      Lang: "tr",
      MOTO: "0",
    });
  });
});

describe("answers", () => {
  it("reads the serializer's fixture, ';;;' too, and refuses what is no answer", () => {
    const text =
      "OrderId=33554969;;ProcReturnCode=00;;HostRefNum=hostid;;AuthCode=gizlendi;;TxnResult=Success;;ErrorMessage=;;" +
      "TRXDATE=09.08.2024 10:40:34;;TransId=gizlendi;;ErrorCode=;;Amount=1,00;;;QrPayIsSucess=False";
    expect(parseAnswer(text)).toMatchObject({
      OrderId: "33554969",
      ProcReturnCode: "00",
      TRXDATE: "09.08.2024 10:40:34",
      Amount: "1,00",
      QrPayIsSucess: "False",
      ErrorMessage: "",
    });
    expect(parseAnswer("<html><body>Service Unavailable</body></html>")).toBeNull();
    expect(parseAnswer("OrderId=1;;OrderId=2;;ProcReturnCode=00")).toBeNull();
    expect(parseAnswer("OrderId=1")).toBeNull();
  });

  it("reads Turkish amounts as mewebstudio's formatAmount does", () => {
    expect(readMinorUnits("1,01", ...INTERPOS_ANSWERED_AMOUNT)).toBe(101n);
    expect(readMinorUnits("1", ...INTERPOS_ANSWERED_AMOUNT)).toBe(100n);
    expect(readMinorUnits("1.056,2", ...INTERPOS_ANSWERED_AMOUNT)).toBe(105620n);
    expect(readMinorUnits("150.00", ...INTERPOS_ANSWERED_AMOUNT)).toBe(15000n);
    expect(readMinorUnits("0", ...INTERPOS_ANSWERED_AMOUNT)).toBe(0n);
    expect(readMinorUnits("1,2,3", ...INTERPOS_ANSWERED_AMOUNT)).toBeNull();
    expect(readMinorUnits("", ...INTERPOS_ANSWERED_AMOUNT)).toBeNull();
  });

  it("maps the status fixture's failure as no sale read, and a no-record answer as none", () => {
    const fail = {
      OrderId: "SYSOID121327781",
      ProcReturnCode: "81",
      PurchAmount: "0",
      VoidDate: "1.1.0001 00:00:00",
      ErrorCode: "B810002",
      ErrorMessage: "TR:Terminal Aktif Degil",
      RefundedAmount: "0",
    };
    expect(readStatus(fail)).toBeNull();
    expect(isNoRecord(fail)).toBe(false);
    expect(isNoRecord({ ProcReturnCode: "05", ErrorMessage: "" })).toBe(true);
  });

  const sale = {
    OrderId: "ORD7K2M9Q2",
    ProcReturnCode: "00",
    TransId: "88123",
    TRXDATE: "09.08.2024 10:40:34",
    TxnStat: "N",
    PurchAmount: "150,00",
    VoidDate: "1.1.0001 00:00:00",
    TxnStatus: "C",
    ChargeTypeCd: "S",
    RefundedAmount: "0",
    AuthCode: "A1B2C3",
  };

  it("maps a sale's states: approved, settled, voided, declined", () => {
    expect(mapStatus(readStatus(sale)!)).toEqual({
      status: "approved",
      amount: "150.00",
      partnerReference: "88123",
      authCode: "A1B2C3",
    });
    expect(readStatus({ ...sale, TxnStatus: "S" })).toMatchObject({ settled: true, state: "approved" });
    expect(readStatus({ ...sale, TxnStatus: "C" })).toMatchObject({ settled: false });
    expect(mapStatus(readStatus({ ...sale, TxnStatus: "V", VoidDate: "09.08.2024 11:00:00" })!)).toMatchObject({
      status: "cancelled",
    });
    expect(mapStatus(readStatus({ ...sale, TxnStatus: "D" })!)).toMatchObject({ status: "declined" });
    expect(readStatus({ ...sale, RefundedAmount: "40,00" })).toMatchObject({ refundedMinor: 4000n });
    expect(readStatus({ ...sale, ChargeTypeCd: "C" })).toBeNull();
    expect(readStatus({ ...sale, TxnStatus: "X" })).toBeNull();
    expect(readStatus({ ...sale, PurchAmount: "abc" })).toBeNull();
  });

  it("maps returns by ProcReturnCode and mdStatus", () => {
    const signed = { procReturnCode: "00", mdStatus: "1", reference: "T1", authCode: "A" };
    expect(mapReturn(signed, "150.00", false)).toMatchObject({ status: "approved", threeDSecure: "full" });
    expect(mapReturn({ ...signed, mdStatus: "3" }, "150.00", false)).toMatchObject({
      status: "declined",
      error: { code: "HALF_3D" },
      chargedAnyway: true,
    });
    expect(mapReturn({ ...signed, mdStatus: "3" }, "150.00", true)).toMatchObject({ threeDSecure: "half" });
    // mewebstudio's 3d_host fixture: 81, mdStatus 0 ("Terminal Aktif Degil").
    expect(mapReturn({ ...signed, procReturnCode: "81", mdStatus: "0" }, "1.01", false)).toMatchObject({
      status: "declined",
      error: { code: "MD0" },
    });
    expect(mapReturn({ ...signed, procReturnCode: "51" }, "1.01", false)).toMatchObject({
      status: "declined",
      error: { code: "51", message: "Insufficient funds" },
    });
    expect(mapReturn({ ...signed, procReturnCode: "99", mdStatus: "" }, "1.01", false)).toEqual({ status: "pending" });
    expect(mapReturn({ ...signed, mdStatus: "" }, "1.01", false)).toMatchObject({
      status: "declined",
      chargedAnyway: true,
    });
  });

  it("shows the card (Pan) only from a return whose HASHPARAMS sign it: the published list does not", () => {
    // The 3d_host fixture's return (its Pan "540061******0430"), as an approval, signed here over a list.
    const posted: Record<string, string> = {
      ShopCode: "3123",
      Pan: "540061******0430",
      OrderId: "202212256D26",
      PurchAmount: "1,01",
      Currency: "949",
      OkUrl: "http://localhost/interpos/3d-host/response.php",
      FailUrl: "http://localhost/interpos/3d-host/response.php",
      TransId: "T1",
      AuthCode: "A1",
      mdStatus: "1",
      ProcReturnCode: "00",
      Response: "Approved",
    };
    const outcomeSignedOver = (HASHPARAMS: string) => {
      const names = HASHPARAMS.split(":").filter((name) => name !== "");
      const HASH = returnHash(
        names.map((name) => Buffer.from(posted[name] ?? "")),
        config.storeKey,
      );
      const rawBody = new URLSearchParams({ ...posted, HASHPARAMS, HASH }).toString();
      const form = readReturnForm({ method: "POST", headers: {}, rawBody, form: null, query: {} })!;
      const verified = verifyReturnHash(form, config.storeKey);
      if (!verified.ok) throw new Error(verified.reason);
      return mapReturn(signedReturnOf(form.text, verified.signed), "1.01", false);
    };
    const published =
      "Version:PurchAmount:Exponent:Currency:OkUrl:FailUrl:MD:OrderId:ProcReturnCode:Response:mdStatus:";
    const unsigned = outcomeSignedOver(published);
    expect(unsigned).toMatchObject({ status: "approved", partnerReference: null, authCode: null });
    expect(unsigned).not.toHaveProperty("card");
    expect(outcomeSignedOver(`${published}TransId:AuthCode:Pan:`)).toMatchObject({
      status: "approved",
      partnerReference: "T1",
      authCode: "A1",
      card: { brand: "MasterCard", last4: "0430" },
    });
  });
});
