import { describe, expect, it } from "vitest";
import { registrationHash } from "./crypt";

/**
 * The published vector of the registration hash: mewebstudio/pos tests/Unit/Crypt/PayFlexCP4CryptTest.php
 * (hashCreateDataProvider: merchant 000000000111111, password 3XTgER89as, 10.10 TRY).
 */
describe("PayFlex Common Payment registration hash (published vector)", () => {
  it("reproduces PayFlexCP4CryptTest::testCreateHash", () => {
    expect(
      registrationHash({
        HostMerchantId: "000000000111111",
        MerchantPassword: "3XTgER89as",
        AmountCode: "949",
        Amount: "10.10",
      }),
    ).toBe("/MfLewtkUjpN5e/RY2iuIoT72hk=");
  });

  it("binds the amount, the currency and the password", () => {
    const base = {
      HostMerchantId: "000000000111111",
      MerchantPassword: "3XTgER89as",
      AmountCode: "949",
      Amount: "10.10",
    };
    const hash = registrationHash(base);
    expect(registrationHash({ ...base, Amount: "10.11" })).not.toBe(hash);
    expect(registrationHash({ ...base, AmountCode: "840" })).not.toBe(hash);
    expect(registrationHash({ ...base, MerchantPassword: "x" })).not.toBe(hash);
  });
});
