import { describe, expect, it } from "vitest";
import { algorithmOf, formHash, returnHash, sameHash } from "./crypt";

/**
 * Published vectors of PayFor's hashes: mewebstudio/pos tests/Unit/Crypt/PayForPosCryptTest.php (merchant
 * 085300000009704, API user QNB_API_KULLANICI_3DPAY, 3-D Secure key 12345678), and the real PayFor test-host
 * returns of tests/Unit/DataMapper/ResponseDataMapper/PayForPosResponseDataMapperTest.php, whose Hash and
 * ResponseHash were made by the bank itself with that key: the 3D host success and failure of 2022 (SHA-1) and
 * the "order number already used" return of 2024 (SHA-256).
 */
const ACCOUNT = { merchantId: "085300000009704", storeKey: "12345678", username: "QNB_API_KULLANICI_3DPAY" };

describe("PayFor hashes (published vectors)", () => {
  it("signs the 3-D form of PayForPosCryptTest::threeDHashCreateDataProvider", () => {
    const url = "http://localhost/finansbank-payfor/3d/response.php";
    const hash = formHash(
      {
        mbrId: "5",
        orderId: "2020110828BC",
        amount: "100.01",
        okUrl: url,
        failUrl: url,
        txnType: "Auth",
        installments: "0",
        rnd: "0.43625700 1604831630",
      },
      ACCOUNT.storeKey,
    );
    expect(hash).toBe("zmSUxYPhmCj7QOzqpk/28LuE1Oc=");
  });

  it("reproduces the bank's own Hash of the 3D host form it echoed (threeDHostPaymentDataProvider success1)", () => {
    const url = "http://localhost/finansbank-payfor/3d-host/response.php";
    const hash = formHash(
      {
        mbrId: "5",
        orderId: "2022103121CA",
        amount: "1.01",
        okUrl: url,
        failUrl: url,
        txnType: "Auth",
        installments: "3",
        rnd: "9e7a88deaf70a148fd40551d69503ba1",
      },
      ACCOUNT.storeKey,
    );
    expect(hash).toBe("7FYgYx1LMSNT8DaZx4yc4GqSdDA=");
  });

  it("checks the return of PayForPosCryptTest::threeDHashCheckDataProvider, and not with 3DStatus blanked", () => {
    const signed = {
      orderId: "20221031FD04",
      authCode: "",
      procReturnCode: "V033",
      threeDStatus: "1",
      responseRnd: "PF638028511007418219",
    };
    expect(returnHash(signed, ACCOUNT, "sha1")).toBe("rVcKoOOl3jKukGLHcQaVM6ZuznU=");
    expect(returnHash({ ...signed, threeDStatus: "" }, ACCOUNT, "sha1")).not.toBe("rVcKoOOl3jKukGLHcQaVM6ZuznU=");
  });

  it("checks the bank's 3D host returns: approved and 3-D failed (SHA-1)", () => {
    expect(
      returnHash(
        {
          orderId: "2022103121CA",
          authCode: "S28031",
          procReturnCode: "00",
          threeDStatus: "1",
          responseRnd: "PF638028543970517651",
        },
        ACCOUNT,
        "sha1",
      ),
    ).toBe("R3sOuVFWDP8nvu9mtVtvLxwlqow=");
    expect(
      returnHash(
        {
          orderId: "202210316DBA",
          authCode: "",
          procReturnCode: "MR15",
          threeDStatus: "-1",
          responseRnd: "PF638028546475263865",
        },
        ACCOUNT,
        "sha1",
      ),
    ).toBe("7wnXcENucbamQSSzh95kRA8nzN8=");
  });

  it("checks the bank's 2024 return signed with SHA-256 (order_number_already_exist)", () => {
    const published = "wWLUtYZD9VUIi9Pl3mAyS02LLsUxWy6lauMfFBiuVDw=";
    expect(algorithmOf(published)).toBe("sha256");
    expect(
      returnHash(
        {
          orderId: "202403173F72",
          authCode: "",
          procReturnCode: "101310",
          threeDStatus: "-1",
          responseRnd: "PF638462944484307452",
        },
        ACCOUNT,
        "sha256",
      ),
    ).toBe(published);
  });

  it("tells the algorithms apart by length and compares exactly", () => {
    expect(algorithmOf("R3sOuVFWDP8nvu9mtVtvLxwlqow=")).toBe("sha1");
    expect(algorithmOf("R3sOuVFWDP8nvu9mtVtvLxwlqow")).toBeNull();
    expect(algorithmOf("")).toBeNull();
    expect(sameHash("R3sOuVFWDP8nvu9mtVtvLxwlqow=", "R3sOuVFWDP8nvu9mtVtvLxwlqow=")).toBe(true);
    // Base64 is case-sensitive: a hash in another case is another hash.
    expect(sameHash("r3sOuVFWDP8nvu9mtVtvLxwlqow=", "R3sOuVFWDP8nvu9mtVtvLxwlqow=")).toBe(false);
  });
});
