import { describe, expect, it } from "vitest";
import { readAmount } from "../amount-format";
import { massPaymentRequest, PAPARA_ANSWERED_AMOUNT, paparaNumberOf, paymentRequest } from "./request-mapper";
import { isTurkishLira, paymentOutcome, readMassPayment, readPayment } from "./response-mapper";

describe("Papara amounts and objects", () => {
  const deposit = (amount: string, currency = "TRY") =>
    paymentRequest({
      clientRef: "TPWD-1",
      amount,
      currency,
      notifyUrl: "https://pay.example/notify",
      returnUrl: "https://pay.example/return",
      customer: { id: "C-1", name: "Ayşe", email: "ayse@example.com" },
    });
  const withdrawal = (amount: string) =>
    massPaymentRequest(
      { clientRef: "TPWW-1", amount, currency: "TRY", account: {}, notifyUrl: "https://pay.example/n" },
      "1234567890",
    );

  it("amounts as JSON numbers both ways, exactly", () => {
    expect(deposit("1250.75")?.amount).toBe(1250.75);
    expect(JSON.stringify({ amount: deposit("150.00")?.amount })).toBe('{"amount":150}');
    expect(deposit("1.5")).toBeNull();
    expect(readAmount(99.99, PAPARA_ANSWERED_AMOUNT)).toBe("99.99");
    expect(readAmount(150, PAPARA_ANSWERED_AMOUNT)).toBe("150.00");
    expect(readAmount("12.50", PAPARA_ANSWERED_AMOUNT)).toBe("12.50");
    expect(readAmount(1.005, PAPARA_ANSWERED_AMOUNT)).toBeNull();
    expect(readAmount(-1, PAPARA_ANSWERED_AMOUNT)).toBeNull();
    expect([0, "0", "TRY", "TL"].every(isTurkishLira)).toBe(true);
    expect(isTurkishLira(1)).toBe(false);
  });

  it("requests as Papara's documents write them, within its limits", () => {
    expect(JSON.stringify(deposit("150.00"))).toBe(
      '{"amount":150,"referenceId":"TPWD-1","orderDescription":"Deposit TPWD-1",' +
        '"notificationUrl":"https://pay.example/notify","redirectUrl":"https://pay.example/return","currency":0}',
    );
    expect(deposit("1.00")?.amount).toBe(1);
    expect(deposit("500000.00")?.amount).toBe(500000);
    expect(deposit("0.99")).toBeNull();
    expect(deposit("500000.01")).toBeNull();
    expect(deposit("100.00", "USD")).toBeNull();
    expect(JSON.stringify(withdrawal("75.25"))).toBe(
      '{"accountNumber":"1234567890","parseAccountNumber":1,"amount":75.25,"massPaymentId":"TPWW-1",' +
        '"description":"Withdrawal TPWW-1","currency":0}',
    );
    expect(withdrawal("0.00")).toBeNull();
    expect(paparaNumberOf({ wallet_number: "PL 12345 67890" })).toBe("1234567890");
    expect(paparaNumberOf({ wallet_number: "123456789" })).toBeNull();
  });

  it("a payment as Papara's example writes it (the payment URL without a scheme) and its status", () => {
    const example = {
      id: "6666-5555-ABCD",
      referenceId: "Merchant Reference",
      status: 1,
      amount: 99.99,
      currency: "TRY",
      paymentUrl: "www.papara.com/pid?6666-5555-ABCD",
    };
    const payment = readPayment(example)!;
    expect(payment).toEqual({
      id: "6666-5555-ABCD",
      referenceId: "Merchant Reference",
      status: 1,
      amount: "99.99",
      lira: true,
      paymentUrl: "https://www.papara.com/pid?6666-5555-ABCD",
    });
    expect(paymentOutcome(payment)).toEqual({
      status: "approved",
      amount: "99.99",
      partnerReference: "6666-5555-ABCD",
    });
    expect(paymentOutcome({ ...payment, status: 0 })).toEqual({ status: "pending" });
    expect(paymentOutcome({ ...payment, status: 2 })).toMatchObject({
      status: "declined",
      error: { code: "REFUNDED" },
    });
    expect(paymentOutcome({ ...payment, status: 7 })).toBeNull();
    expect(readPayment({ id: "bad id!" })).toBeNull();
    expect(readMassPayment({ id: 8000001, massPaymentId: "TPWW-1", amount: 75.25, currency: 0 })).toEqual({
      id: "8000001",
      massPaymentId: "TPWW-1",
      amount: "75.25",
      lira: true,
    });
  });
});
