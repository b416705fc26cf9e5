import { describe, expect, it } from "vitest";
import { notificationHash, refundToken, sameHash, statusInquiryToken, tokenRequestHash } from "./crypt";

/**
 * PayTR publishes its signatures as formulas in sample code, not as input/output pairs: "iFrame API 1. Adım"
 * (get-token), "iFrame API 2. Adım" (the notification's hash), "Durum Sorgu API" and "İade API" each show the
 * field order, and the "Hash Hesaplama" tool page (dev.paytr.com/servis-test-araclari/hash-hesaplama) computes
 * them in the browser. The inputs below are those documents' own example values (the tool's sample
 * merchant_id 123456, user_ip 1.1.1.1, merchant_oid ABC123, email user@domainname.com, payment_amount 100;
 * the sample codes' placeholder key YYYYYYYYYYYYYY and salt ZZZZZZZZZZZZZZ, their three-product basket and the
 * refund sample's return_amount 11.97). The expected values were computed apart from this code, with
 * `openssl dgst -sha256 -hmac KEY -binary | base64` over the documented concatenation.
 */

const creds = { merchantId: "123456", merchantKey: "YYYYYYYYYYYYYY", merchantSalt: "ZZZZZZZZZZZZZZ" };
// base64(json_encode([["Sample Product 1","18.00",1],["Sample Product 2","33.25",2],["Sample Product 3","45.42",1]]))
const basket =
  "W1siU2FtcGxlIFByb2R1Y3QgMSIsIjE4LjAwIiwxXSxbIlNhbXBsZSBQcm9kdWN0IDIiLCIzMy4yNSIsMl0sWyJTYW1wbGUgUHJvZHVjdCAzIiwi" +
  "NDUuNDIiLDFdXQ==";

describe("PayTR signatures (the documents' formulas over their example values)", () => {
  it(
    "get-token paytr_token: merchant_id user_ip merchant_oid email payment_amount user_basket no_installment " +
      "max_installment currency test_mode + salt",
    () => {
      const fields = {
        user_ip: "1.1.1.1",
        merchant_oid: "ABC123",
        email: "user@domainname.com",
        payment_amount: "100",
        user_basket: basket,
        no_installment: "0",
        max_installment: "0",
        currency: "TL",
        test_mode: "0",
      };
      expect(tokenRequestHash(creds, fields)).toBe("/VolHOd43GVIzK23dR+vjxZX43Zzu0kdlMZkHcUvyA0=");
      // Every field is signed: changing any one changes the token.
      for (const key of Object.keys(fields) as (keyof typeof fields)[])
        expect(tokenRequestHash(creds, { ...fields, [key]: `${fields[key]}1` })).not.toBe(
          "/VolHOd43GVIzK23dR+vjxZX43Zzu0kdlMZkHcUvyA0=",
        );
    },
  );

  it("the notification's hash: merchant_oid + salt + status + total_amount", () => {
    expect(notificationHash(creds, "ABC123", "success", "100")).toBe("eNla7qNIxadTpyIRVuMecHsAfaHS25WSZMFMQaKm/gs=");
    expect(notificationHash(creds, "ABC123", "failed", "0")).toBe("/YAyZRddOPe2VDm/eORNBfbEXmfJCgIav8gz3Y5amNo=");
  });

  it("status inquiry and refund tokens", () => {
    expect(statusInquiryToken(creds, "ABC123")).toBe("2qVLjZiFG81skrDhguPodBI4ZpydXLoNCGSyRATr0Jg=");
    expect(refundToken(creds, "ABC123", "11.97")).toBe("bX8q2BqRwdOqo9mnJ35w7Ek3Pu9kPD/lX6NKv6HMr9A=");
  });

  it("compares hashes exactly, in constant time, and refuses what is not a string", () => {
    const hash = notificationHash(creds, "ABC123", "success", "100");
    expect(sameHash(hash, hash)).toBe(true);
    expect(sameHash(hash, hash.toLowerCase())).toBe(false);
    expect(sameHash(hash, `${hash}=`)).toBe(false);
    expect(sameHash(hash, undefined)).toBe(false);
    expect(sameHash(hash, "")).toBe(false);
  });
});
