import { describe, expect, it } from "vitest";
import { hmacSha256Hex, iyzwsV2Authorization, parseIyzwsV2, responseSignature, verifyResponseSignature } from "./crypt";

describe("IYZWSv2 authorization header", () => {
  it(
    "matches iyzico's own vector (iyzico/iyzipay-node test/unit/UtilsTest.js, 'should generate authorization " +
      "header v2')",
    () => {
      // The node client signs JSON.stringify(body): the test's body "body" goes out as "\"body\"".
      const header = iyzwsV2Authorization({
        apiKey: "api_key",
        secretKey: "secret_key",
        randomKey: "random_string",
        uriPath: "uri",
        body: JSON.stringify("body"),
      });
      expect(header).toBe(
        "IYZWSv2 YXBpS2V5OmFwaV9rZXkmcmFuZG9tS2V5OnJhbmRvbV9zdHJpbmcmc2lnbmF0dXJlOjAxNzUwODkyMWEyOWVlNTYwMWJjZDFmYmU4" +
          "M2VmZDJlMmJlNDNhZjAyZWNlZmYzMGNmMmU5MWE1MzlhYWIzNTU=",
      );
    },
  );

  it(
    "matches the Java client's vector for an empty body (iyzico/iyzipay-java " +
      "src/test/java/com/iyzipay/IyziAuthV2GeneratorTest.java)",
    () => {
      const header = iyzwsV2Authorization({
        apiKey: "apiKey",
        secretKey: "secretKey",
        randomKey: "random",
        uriPath: "/v2/uri?test=true",
        body: "",
      });
      expect(header).toBe(
        "IYZWSv2 YXBpS2V5OmFwaUtleSZyYW5kb21LZXk6cmFuZG9tJnNpZ25hdHVyZTpiN2EyZjYzNGRlOWNkNTkzYWNjZDlhNTNhZjI4Zjc4Yjgy" +
          "ZWM3NmRjMjYyN2Y2NTdmNjY0M2NmNjYyYzI2Njdh",
      );
    },
  );

  it("parses back into its parts and refuses other schemes", () => {
    const header = iyzwsV2Authorization({
      apiKey: "k",
      secretKey: "s",
      randomKey: "r1",
      uriPath: "/payment/bin/check",
      body: "{}",
    });
    expect(parseIyzwsV2(header)).toEqual({
      apiKey: "k",
      randomKey: "r1",
      signature: hmacSha256Hex("s", "r1/payment/bin/check{}"),
    });
    expect(parseIyzwsV2("IYZWS k:abc")).toBeNull();
    expect(parseIyzwsV2(undefined)).toBeNull();
  });
});

describe("response signature", () => {
  const secretKey = "sandbox-qaIiLIxhjMgx3LSKIVvp6j17NunHOFtD";
  // A payment answer signed over paymentId:currency:basketId:conversationId:paidPrice:price, the order
  // docs.iyzico.com "Response Signature Validation" gives for /payment/detail; the expected hex is the
  // vector quoted from iyzico's docs in a public iyzico TypeScript client's signature tests.
  const payment = {
    status: "success",
    paymentId: "22416032",
    currency: "TRY",
    basketId: "basketId",
    conversationId: "conversationId",
    paidPrice: 10.5,
    price: 10.5,
  };
  const expected = "836c3a6c8db86c81043f2ca74edb13518b54a813f454f8dd762f0dd658610173";

  it("reproduces the documented payment vector, prices joined as JSON numbers", () => {
    expect(responseSignature("paymentRetrieve", payment, secretKey)).toBe(expected);
    expect(verifyResponseSignature("paymentRetrieve", { ...payment, signature: expected }, secretKey)).toBe(true);
    expect(
      verifyResponseSignature("paymentRetrieve", { ...payment, signature: expected.toUpperCase() }, secretKey),
    ).toBe(true);
  });

  it("refuses a tampered field, a wrong key, a missing or malformed signature", () => {
    expect(
      verifyResponseSignature("paymentRetrieve", { ...payment, paidPrice: 1050, signature: expected }, secretKey),
    ).toBe(false);
    expect(
      verifyResponseSignature("paymentRetrieve", { ...payment, basketId: "other", signature: expected }, secretKey),
    ).toBe(false);
    expect(verifyResponseSignature("paymentRetrieve", { ...payment, signature: expected }, "another-secret")).toBe(
      false,
    );
    expect(verifyResponseSignature("paymentRetrieve", payment, secretKey)).toBe(false);
    expect(verifyResponseSignature("paymentRetrieve", { ...payment, signature: "abc" }, secretKey)).toBe(false);
  });

  it(
    "signs the checkout form retrieve over paymentStatus, paymentId, currency, basketId, conversationId, " +
      "paidPrice, price, token (iyzipay-node samples/IyzipaySamples.js)",
    () => {
      const answer = {
        paymentStatus: "SUCCESS",
        paymentId: "1",
        currency: "TRY",
        basketId: "B1",
        conversationId: "C1",
        paidPrice: 1.2,
        price: 1,
        token: "t-1",
      };
      expect(responseSignature("checkoutFormRetrieve", answer, "k")).toBe(
        hmacSha256Hex("k", "SUCCESS:1:TRY:B1:C1:1.2:1:t-1"),
      );
      expect(responseSignature("checkoutFormInitialize", { conversationId: "C1", token: "t-1" }, "k")).toBe(
        hmacSha256Hex("k", "C1:t-1"),
      );
      expect(responseSignature("refundV2", { paymentId: "9", conversationId: "R1" }, "k")).toBe(
        hmacSha256Hex("k", "9:R1"),
      );
    },
  );
});
