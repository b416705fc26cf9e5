import { describe, expect, it } from "vitest";
import { decryptSecret } from "@/lib/base/crypto/secret-box";
import { httpPartnerGateway } from "./http-partner/gateway-connector";
import { configRefusal, sealConfig, sealConfigKeepingSecrets, SecretsNeededError } from "./sealed-config";

const stored = sealConfig("gateways.config", httpPartnerGateway, {
  baseUrl: "https://partner.example/api",
  secret: "stored-secret-0123456789",
  merchantId: "M-1",
});

describe("sealConfigKeepingSecrets: secrets are write-only, and never follow a new address", () => {
  it("keeps a secret left empty while the addresses stay; a configuration saved as it was is the stored one", () => {
    const renamed = sealConfigKeepingSecrets("gateways.config", httpPartnerGateway, stored, {
      baseUrl: "https://partner.example/api",
      merchantId: "M-2",
    });
    expect(renamed).not.toBe(stored);
    expect(decryptSecret(renamed.sealed.secret!)).toBe("stored-secret-0123456789");
    expect(
      sealConfigKeepingSecrets("gateways.config", httpPartnerGateway, stored, {
        baseUrl: "https://partner.example/api",
        merchantId: "M-1",
        secret: "",
      }),
    ).toBe(stored);
  });

  it("asks for every kept secret again when an address changes, naming the secret and the address", () => {
    const error = (() => {
      try {
        return sealConfigKeepingSecrets("gateways.config", httpPartnerGateway, stored, {
          baseUrl: "https://attacker.example/api",
          merchantId: "M-1",
        });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(SecretsNeededError);
    expect(error).toMatchObject({ secrets: ["secret"], addresses: ["baseUrl"] });
    expect(configRefusal(error, "configProblem")).toMatchObject({
      code: "VALIDATION",
      message: "Enter secret again: baseUrl changed, and a stored secret is never sent to a new address",
    });
    // A path on this service (the built-in sandbox) is an address too.
    expect(() =>
      sealConfigKeepingSecrets("gateways.config", httpPartnerGateway, stored, {
        baseUrl: "/sandbox/gateways/api",
        merchantId: "M-1",
      }),
    ).toThrow(SecretsNeededError);
    // With the secret typed again the new address is taken.
    const moved = sealConfigKeepingSecrets("gateways.config", httpPartnerGateway, stored, {
      baseUrl: "https://partner2.example/api",
      merchantId: "M-1",
      secret: "new-secret-0123456789",
    });
    expect(moved.values.baseUrl).toBe("https://partner2.example/api");
    expect(decryptSecret(moved.sealed.secret!)).toBe("new-secret-0123456789");
  });

  it("keeps nothing of another connector's configuration", () => {
    expect(() =>
      sealConfigKeepingSecrets(
        "gateways.config",
        httpPartnerGateway,
        { ...stored, connector: "nowpayments" },
        { baseUrl: "https://partner.example/api" },
      ),
    ).toThrow(/secret/);
  });
});
