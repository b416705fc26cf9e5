import { describe, expect, it } from "vitest";
import { formHash, returnHash, sameHash } from "./crypt";

/**
 * mewebstudio/pos's published InterVPOS vectors (tests/Unit/Crypt/InterPosCryptTest.php, the 3-D host and 3-D pay
 * fixture of tests/Unit/DataMapper/ResponseDataMapper/InterPosResponseDataMapperTest.php), store key "gDg1N" of
 * shop 3123. The return vectors are given as the bank's own HASHPARAMSVAL (the named values run together). The 3-D
 * host fixture's HASH there is not one: mewebstudio never checks it (make3DHostPayment maps the return unchecked),
 * and it does not verify under that store key, so it is left out.
 */
const STORE_KEY = "gDg1N";

describe("InterVPOS form hash", () => {
  it("reproduces create3DHash's vector", () => {
    expect(
      formHash(
        {
          shopCode: "3123",
          orderId: "order222",
          purchAmount: "100.25",
          okUrl: "https://domain.com/success",
          failUrl: "https://domain.com/fail_url",
          txnType: "Auth",
          installmentCount: "",
          rnd: "rand",
        },
        STORE_KEY,
      ),
    ).toBe("vEbwP8wnsGrBR9oCjfxP9wlho1g=");
  });

  it("changes with any signed field", () => {
    const base = {
      shopCode: "3123",
      orderId: "order222",
      purchAmount: "100.25",
      okUrl: "https://domain.com/success",
      failUrl: "https://domain.com/fail_url",
      txnType: "Auth",
      installmentCount: "",
      rnd: "rand",
    };
    expect(formHash({ ...base, purchAmount: "100.26" }, STORE_KEY)).not.toBe("vEbwP8wnsGrBR9oCjfxP9wlho1g=");
    expect(formHash(base, "other")).not.toBe("vEbwP8wnsGrBR9oCjfxP9wlho1g=");
  });
});

describe("InterVPOS return hash", () => {
  const vectors: [name: string, hashParamsVal: string, hash: string][] = [
    [
      "3-D model, amount 320",
      "320949https://localhost/pos/examples/interpos/3d/success.php" +
        "https://localhost/pos/examples/interpos/3d/fail.php20220327140D810",
      "9DZVckklZFjuoA7sl4MN0l7VDMo=",
    ],
    [
      "3-D model, amount 1,01",
      "1,01949http:\\/\\/localhost\\/interpos\\/3d\\/response.php" +
        "http:\\/\\/localhost\\/interpos\\/3d\\/response.php20221225E1DF810",
      "423AWRAXl0VlEbQjpmAfntT5e3E=",
    ],
    [
      "3-D pay",
      "1,01949http:\\/\\/localhost\\/interpos\\/3d-pay\\/response.php" +
        "http:\\/\\/localhost\\/interpos\\/3d-pay\\/response.php20221225B83B810",
      "PvDXe6Puf9W2oZnBZuHVp8oWpyY=",
    ],
  ];
  it.each(vectors)("reproduces %s", (_name, values, hash) => {
    expect(returnHash([Buffer.from(values, "utf8")], STORE_KEY)).toBe(hash);
  });

  it("is over the named values run together, field by field", () => {
    // Version:PurchAmount:Exponent:Currency:OkUrl:FailUrl:MD:OrderId:ProcReturnCode:Response:mdStatus:
    const fields = [
      "",
      "320",
      "",
      "949",
      "https://localhost/pos/examples/interpos/3d/success.php",
      "https://localhost/pos/examples/interpos/3d/fail.php",
      "",
      "20220327140D",
      "81",
      "",
      "0",
    ].map((v) => Buffer.from(v));
    expect(returnHash(fields, STORE_KEY)).toBe("9DZVckklZFjuoA7sl4MN0l7VDMo=");
    // mewebstudio's own negative case: the amount emptied.
    fields[1] = Buffer.from("");
    expect(returnHash(fields, STORE_KEY)).not.toBe("9DZVckklZFjuoA7sl4MN0l7VDMo=");
  });

  it("compares base64 exactly", () => {
    expect(sameHash("9DZVckklZFjuoA7sl4MN0l7VDMo=", "9DZVckklZFjuoA7sl4MN0l7VDMo=")).toBe(true);
    expect(sameHash("9dzvckklzfjuoa7sl4mn0l7vdmo=", "9DZVckklZFjuoA7sl4MN0l7VDMo=")).toBe(false);
    expect(sameHash("", "9DZVckklZFjuoA7sl4MN0l7VDMo=")).toBe(false);
  });
});
