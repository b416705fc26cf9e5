import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { callbackJson, moneyText } from "./callback-json";

describe("callback JSON", () => {
  it("writes NUMERIC amounts as exact number literals", () => {
    expect(moneyText(new Prisma.Decimal("250.00"))).toBe("250");
    expect(moneyText(new Prisma.Decimal("250.50"))).toBe("250.5");
    expect(moneyText(new Prisma.Decimal("0.07"))).toBe("0.07");
    expect(moneyText(new Prisma.Decimal("9999999999999.99"))).toBe("9999999999999.99");
    const body = {
      tracking_code: "MAN-1",
      status: "completed",
      amount: moneyText(new Prisma.Decimal("1234567890123.45")),
      site_id: 3,
      iban: "TR33",
    };
    expect(callbackJson(body)).toBe(
      '{"tracking_code":"MAN-1","status":"completed","amount":1234567890123.45,"site_id":3,"iban":"TR33"}',
    );
    expect(JSON.parse(callbackJson(body))).toEqual({ ...body, amount: 1234567890123.45 });
  });

  it("writes JSON.stringify's text for everything else, and for payloads stored with numbers", () => {
    const old = { amount: 100.5, test: true, nested: { a: [1, "x"] }, skipped: undefined, text: 'a"b' };
    expect(callbackJson(old)).toBe(JSON.stringify(old));
    expect(callbackJson({ amount: "12abc" })).toBe('{"amount":"12abc"}');
  });
});
