import { describe, expect, it } from "vitest";
import { formHash, randomNumber, requestHash, returnHash, sameHash } from "./crypt";

/**
 * mewebstudio/pos's published vectors for Akbank (tests/Unit/Crypt/AkbankPosCryptTest.php, and the returns of
 * tests/Unit/DataMapper/ResponseDataMapper/AkbankPosResponseDataMapperTest.php), with its test terminal's secret key.
 */
const SECRET =
  "3230323330393034313735303032363031353172675f357637355f3273387373745f7233725f73323333383737" +
  "335f323272383774767276327672323531355f";

const form = {
  txnCode: "3000",
  merchantSafeId: "2023090417500272654BD9A49CF07574",
  terminalSafeId: "2023090417500284633D137A249DBBEB",
  orderId: "20240404A4B0",
  lang: "TR",
  amount: "1.01",
  ccbRewardAmount: "1.00",
  pcbRewardAmount: "1.00",
  xcbRewardAmount: "1.00",
  currencyCode: "949",
  installCount: "1",
  okUrl: "http://localhost/akbankpos/3d/response.php",
  failUrl: "http://localhost/akbankpos/3d/response.php",
  emailAddress: "test@test.com",
  randomNumber:
    "AEDDD8688E11A3DC588DAB2ED59B2F64D45E798761CEFF17F4DB47581072697890180C4195986250F89C2C67A0" +
    "4A3B96F0AC66AE99B49BB7BEE618FBD621C4CD",
  requestDateTime: "2024-04-04T21:11:41.000",
};
const card = { creditCard: "4355093000315232", expiredDate: "1135", cvv: "665" };

/** The return's hash as the bank computes it: the named fields' values run together (absent ones empty). */
function signedReturn(fields: Record<string, string>): string {
  const names = fields.hashParams!.split("+");
  return returnHash(
    names.map((name) => Buffer.from(fields[name] ?? "", "utf8")),
    SECRET,
  );
}

describe("Akbank form hash", () => {
  it("reproduces the 3-D Secure vector (card fields signed)", () => {
    expect(formHash({ ...form, ...card, paymentModel: "3D" }, SECRET)).toBe(
      "ilR2mCExklKEti+2x61A8pcOfzJ5z5M6xMYmmU8ClaKaDuxKooFuH3v7XW/ba25xlTDqGN1H//i0zTiJl5YnfA==",
    );
  });
  it("reproduces the vector with a sub-merchant id", () => {
    expect(formHash({ ...form, ...card, paymentModel: "3D", subMerchantId: "hdfksafjsallk" }, SECRET)).toBe(
      "blqnTrcdZ2JhQBjOmIhyYPhKvC4BlbG7oArE5IkCeuo8CwaYV69EJSOph7J1JKY9opIsmc5QoscGmltGMUJtTQ==",
    );
  });
  it("reproduces the hosted-page vector (no card fields)", () => {
    expect(formHash({ ...form, paymentModel: "MODEL_3D_HOST" }, SECRET)).toBe(
      "36uUlZFNi+Fs928RPt9CUfKfq+2hTWKK6idWFXjwnO47Qz4pVk6bliSUY+4RGw8Fzcqz+MUWQQ2Grz2zk4l9og==",
    );
  });
});

describe("Akbank API request hash (auth-hash)", () => {
  it("reproduces the order history request vector", () => {
    const body =
      '{"terminal":{"merchantSafeId":"2023090417500272654BD9A49CF07574","terminalSafeId":"2023090' +
      '417500284633D137A249DBBEB"},"version":"1.00","txnCode":"1010","requestDateTime":"2024-04-2' +
      '0T13:48:02.000","randomNumber":"59EED19EC4FA761B8D147F5175C915EFD69D193ED96114F9690505EDB0' +
      '2FF5FD3CB161A15FD5EFFB294177291DC27B2A9F58FB1DA6F2F4617762AF180A023A33","order":{"orderId"' +
      ':"2024042053E2"}}';
    expect(requestHash(body, SECRET)).toBe(
      "D07V9wUXfyPbn+L8jqd9plMfJKT3gSy22Z+yruzWsvuJBkQ63fz+wcWjTF2XurVjYtnR7wLGYTJYg0xjDCYAHA==",
    );
  });
});

describe("Akbank return hash (hashParams)", () => {
  it("reproduces the hosted-page approval", () => {
    const fields = {
      txnCode: "1000",
      responseCode: "VPS-0000",
      responseMessage: "BAŞARILI",
      hostResponseCode: "00",
      hostMessage: "000 ONAY KODU XXXXXX",
      txnDateTime: "2024-04-18T20:56:28.000",
      merchantSafeId: "2023090417500272654BD9A49CF07574",
      terminalSafeId: "2023090417500284633D137A249DBBEB",
      cardHolderName: "TD**",
      orderId: "2024041898FD",
      authCode: "306460",
      rrn: "411024360239",
      batchNumber: "43",
      stan: "90",
      additionalInstallCount: "0",
      deferingMonth: "2",
      ccbEarnedRewardAmount: "0.01",
      ccbBalanceRewardAmount: "215.66",
      ccbRewardDesc: "CHIP PARA",
      pcbEarnedRewardAmount: "0.00",
      pcbBalanceRewardAmount: "0.00",
      pcbRewardDesc: "",
      xcbEarnedRewardAmount: "0.00",
      xcbBalanceRewardAmount: "0.00",
      xcbRewardDesc: "",
      hashParams:
        "txnCode+responseCode+responseMessage+hostResponseCode+hostMessage+txnDateTime+merchantSafe" +
        "Id+terminalSafeId+orderId+cardHolderName+authCode+rrn+batchNumber+stan+additionalInstallCo" +
        "unt+deferingMonth+ccbEarnedRewardAmount+ccbBalanceRewardAmount+ccbRewardDesc+pcbEarnedRewa" +
        "rdAmount+pcbBalanceRewardAmount+xcbEarnedRewardAmount+xcbBalanceRewardAmount",
    };
    expect(signedReturn(fields)).toBe(
      "o8cVLBkljHc+1Icpoa35agcd7UPvD57gFY+bp7MQYznHnOr3f71vvsJwnbIQ2hGGVJj1nAdkZrh/lcVCdtMA+g==",
    );
  });

  it("reproduces the hosted-page 3-D failure (signed over three fields)", () => {
    const fields = {
      responseCode: "VPS-1279",
      responseMessage: "BKM 3DS Server Doğrulama Başarısız",
      orderId: "20240418452F",
      hashParams: "responseCode+responseMessage+orderId",
    };
    expect(signedReturn(fields)).toBe(
      "iW4wwqGV9h1ydKhpvhQ9Qeq2pOW+/HK0OB1AXoUlt/WlajbphFswh4Jy6BxTl4RAb2OICUnw+gy3UBPudHl5YA==",
    );
  });

  it("reproduces the 3-D Secure model's return (secure fields signed)", () => {
    const fields = {
      txnCode: "3001",
      responseCode: "VPS-0000",
      responseMessage: "BAŞARILI",
      txnDateTime: "2024-04-18T20:15:35.000",
      merchantSafeId: "2023090417500272654BD9A49CF07574",
      terminalSafeId: "2023090417500284633D137A249DBBEB",
      orderId: "20240418BA6C",
      secureEcomInd: "02",
      secureId: "VG8yV2tCRHpTSlpNN2VqcDJRS1k=",
      secureData: "kBM8+wZGAAAAAAAAAAAAAAAAAAAA",
      secureMd: "08A86B192287C69B2C443E7A42B29B5F46436C41DF8E159B4A232BB3D961940F",
      hashParams:
        "txnCode+responseCode+responseMessage+txnDateTime+merchantSafeId+terminalSafeId+orderId+sec" +
        "ureId+secureEcomInd+secureData+secureMd",
    };
    expect(signedReturn(fields)).toBe(
      "bFYReNscRIyo3EQQm18qB9iZEW5eqtx1UBAjwRAoVJuigugPKr4Rjcf4PgBHtrjg1IYFYAz8k3TCFcKWS0b4Xg==",
    );
  });

  it("no longer matches once a signed value changes (mewebstudio/pos empties responseCode)", () => {
    const fields = {
      responseCode: "",
      responseMessage: "BKM 3DS Server Doğrulama Başarısız",
      orderId: "20240418452F",
      hashParams: "responseCode+responseMessage+orderId",
    };
    expect(
      sameHash(
        "iW4wwqGV9h1ydKhpvhQ9Qeq2pOW+/HK0OB1AXoUlt/WlajbphFswh4Jy6BxTl4RAb2OICUnw+gy3UBPudHl5YA==",
        signedReturn(fields),
      ),
    ).toBe(false);
  });
});

describe("randomNumber", () => {
  it("is 128 upper-case hex characters, new each time", () => {
    const a = randomNumber();
    expect(a).toMatch(/^[0-9A-F]{128}$/);
    expect(randomNumber()).not.toBe(a);
  });
});
