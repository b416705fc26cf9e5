import { describe, expect, it } from "vitest";
import {
  base32Decode,
  canonicalIpnString,
  ipnSignature,
  isValidIpnSignature,
  payoutVerificationCode,
  sortKeysDeep,
  totp,
} from "./crypt";

/**
 * NOWPayments publishes the IPN procedure (API documentation, "Instant Payments Notifications": sort the
 * keys recursively, compact JSON, HMAC-SHA512 under the IPN secret) and webhook example bodies, but no
 * signature value. The vectors below sign the documentation's "Webhooks Examples" bodies (Payments, with
 * the missing comma before "fee" restored; Withdrawals) under the secret "test-ipn-secret"; the expected
 * hex digests were computed independently with their Python example:
 *   json.dumps(body, separators=(',', ':'), sort_keys=True) -> hmac.new(secret, ..., hashlib.sha512).hexdigest()
 */
const PAYMENT_EXAMPLE = {
  payment_id: 123456789,
  parent_payment_id: 987654321,
  invoice_id: null,
  payment_status: "finished",
  pay_address: "address",
  payin_extra_id: null,
  price_amount: 1,
  price_currency: "usd",
  pay_amount: 15,
  actually_paid: 15,
  actually_paid_at_fiat: 0,
  pay_currency: "trx",
  order_id: null,
  order_description: null,
  purchase_id: "123456789",
  outcome_amount: 14.8106,
  outcome_currency: "trx",
  payment_extra_ids: null,
  fee: { currency: "btc", depositFee: 0.09853637216235617, withdrawalFee: 0, serviceFee: 0 },
};
const PAYMENT_SIG =
  "1c2c89dc00e6e37ada5a4c73ce6de55ad34d29cf2f5263f14777eb35e60197f3cc447c07f3f40f14e7c3ea7d2cdbd3edff8d069b7345c251" +
  "b97f623ee6a021a3";

const WITHDRAWAL_EXAMPLE = {
  id: "123456789",
  batch_withdrawal_id: "987654321",
  status: "CREATING",
  error: null,
  currency: "usdttrc20",
  amount: "50",
  address: "address",
  fee: null,
  extra_id: null,
  hash: null,
  ipn_callback_url: "callback_url",
  created_at: "2023-07-27T15:29:40.803Z",
  requested_at: null,
  updated_at: null,
};
const WITHDRAWAL_SIG =
  "e42db13d78e285c920a12b023f96fc9a78bc452f5b8d45cac9215b0f45ee08e71262fde9f65a04e0b8f2f32814f22b809fbece322a521d64" +
  "7e1d596e72524663";

describe("IPN signature (x-nowpayments-sig)", () => {
  it("sorts keys recursively, nested objects included, and keeps arrays in order", () => {
    expect(JSON.stringify(sortKeysDeep({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } }))).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    // The documented payment example: "fee" is nested and must be sorted too (depositFee, serviceFee, withdrawalFee).
    expect(canonicalIpnString(PAYMENT_EXAMPLE)).toContain(
      '"fee":{"currency":"btc","depositFee":0.09853637216235617,"serviceFee":0,"withdrawalFee":0}',
    );
    expect(canonicalIpnString(PAYMENT_EXAMPLE).startsWith('{"actually_paid":15,"actually_paid_at_fiat":0,"fee"')).toBe(
      true,
    );
  });

  it("signs the documentation's payment and withdrawal examples as their Python example does", () => {
    expect(ipnSignature("test-ipn-secret", PAYMENT_EXAMPLE)).toBe(PAYMENT_SIG);
    expect(ipnSignature("test-ipn-secret", WITHDRAWAL_EXAMPLE)).toBe(WITHDRAWAL_SIG);
  });

  it("verifies over the parsed body whatever the order of the received keys", () => {
    const received = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(PAYMENT_EXAMPLE).reverse())));
    expect(isValidIpnSignature("test-ipn-secret", received, PAYMENT_SIG)).toBe(true);
    expect(isValidIpnSignature("test-ipn-secret", received, PAYMENT_SIG.toUpperCase())).toBe(true);
  });

  it("refuses a changed body, another secret, a missing or malformed header", () => {
    expect(isValidIpnSignature("test-ipn-secret", { ...PAYMENT_EXAMPLE, actually_paid: 16 }, PAYMENT_SIG)).toBe(false);
    expect(
      isValidIpnSignature(
        "test-ipn-secret",
        { ...PAYMENT_EXAMPLE, fee: { ...PAYMENT_EXAMPLE.fee, serviceFee: 1 } },
        PAYMENT_SIG,
      ),
    ).toBe(false);
    expect(isValidIpnSignature("other-secret", PAYMENT_EXAMPLE, PAYMENT_SIG)).toBe(false);
    expect(isValidIpnSignature("test-ipn-secret", PAYMENT_EXAMPLE, undefined)).toBe(false);
    expect(isValidIpnSignature("test-ipn-secret", PAYMENT_EXAMPLE, PAYMENT_SIG.slice(0, 64))).toBe(false);
    expect(isValidIpnSignature("test-ipn-secret", PAYMENT_EXAMPLE, "zz".repeat(64))).toBe(false);
  });
});

describe("TOTP for payout verification (RFC 6238)", () => {
  // RFC 4648 §10 test vectors for base32.
  it("decodes base32 as RFC 4648 writes it", () => {
    expect(base32Decode("MZXW6YTBOI======").toString()).toBe("foobar");
    expect(base32Decode("mzxw 6ytb oi").toString()).toBe("foobar");
    expect(base32Decode("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ").toString()).toBe("12345678901234567890");
    expect(() => base32Decode("not base32!")).toThrow();
  });

  // RFC 6238 Appendix B: the seeds are the ASCII digits repeated to 20/32/64 bytes, 8-digit codes.
  const seed = (length: number) => Buffer.from("1234567890".repeat(7).slice(0, length));
  it.each([
    [59, "94287082", "46119246", "90693936"],
    [1111111109, "07081804", "68084774", "25091201"],
    [1111111111, "14050471", "67062674", "99943326"],
    [1234567890, "89005924", "91819424", "93441116"],
    [2000000000, "69279037", "90698825", "38618901"],
    [20000000000, "65353130", "77737706", "47863826"],
  ])("at T=%i gives the RFC's SHA-1, SHA-256 and SHA-512 codes", (time, sha1, sha256, sha512) => {
    expect(totp(seed(20), time, { digits: 8 })).toBe(sha1);
    expect(totp(seed(32), time, { digits: 8, algorithm: "sha256" })).toBe(sha256);
    expect(totp(seed(64), time, { digits: 8, algorithm: "sha512" })).toBe(sha512);
  });

  it("gives the authenticator's 6-digit SHA-1 code from a base32 secret (RFC seed: last 6 digits)", () => {
    expect(payoutVerificationCode("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", new Date(59_000))).toBe("287082");
    expect(payoutVerificationCode("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", new Date(1_111_111_109_000))).toBe("081804");
  });
});
