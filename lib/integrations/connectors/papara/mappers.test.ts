import { describe, expect, it } from "vitest";
import { fromPaparaAmount, isTurkishLira, toPaparaAmount } from "./amounts";
import { paymentOutcome, readMassPayment, readPayment } from "./response-mapper";

describe("Papara amounts and objects", () => {
  it("amounts as JSON numbers both ways, exactly", () => {
    expect(toPaparaAmount("1250.75")).toBe(1250.75);
    expect(JSON.stringify({ amount: toPaparaAmount("150.00") })).toBe('{"amount":150}');
    expect(toPaparaAmount("1.5")).toBeNull();
    expect(fromPaparaAmount(99.99)).toBe("99.99");
    expect(fromPaparaAmount(150)).toBe("150.00");
    expect(fromPaparaAmount("12.50")).toBe("12.50");
    expect(fromPaparaAmount(1.005)).toBeNull();
    expect(fromPaparaAmount(-1)).toBeNull();
    expect([0, "0", "TRY", "TL"].every(isTurkishLira)).toBe(true);
    expect(isTurkishLira(1)).toBe(false);
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
