import { afterEach, describe, expect, it, vi } from "vitest";
import type { DomainError } from "@/lib/base/errors/domain-error";
import { ENGLISH_ERRORS } from "@/lib/base/messages/english-errors";
import { wordError } from "@/lib/base/messages/errors";
import { validate } from "@/lib/domain/schemas/validate";
import { TR_ERRORS } from "@/lib/edge/i18n/console/tr/errors";
import { CARD_CONNECTORS } from "./registry";
import { paparaConfigSchema } from "./papara/config";
import { httpPartnerConfigSchema } from "./http-partner/config";
import { nowpaymentsConfigSchema } from "./nowpayments/config";

// Stubbed, so Vitest puts each back as found (unset stays unset, never the text "undefined").
afterEach(() => vi.unstubAllEnvs());

function production(): void {
  vi.stubEnv("NODE_ENV", "production");
  vi.stubEnv("APP_ENV", undefined);
}

/** Each partner address of each connector, plain http to a host elsewhere: what production refuses. */
const PLAIN = "http://partner.example.com/api";

describe("a partner's address in production", () => {
  it("is refused over plain http by every card acquirer and gateway, and taken over https or to this machine", () => {
    production();
    const cases: [string, { safeParse(v: unknown): { success: boolean } }, Record<string, unknown>, string[]][] = [
      [
        "est-v3",
        CARD_CONNECTORS["est-v3"].configSchema,
        { clientId: "1", storeKey: "k", username: "u", password: "p" },
        ["gatewayUrl", "apiUrl"],
      ],
      ["papara", paparaConfigSchema, { apiKey: "k", merchantSecretKey: "s" }, ["baseUrl"]],
      [
        "nowpayments",
        nowpaymentsConfigSchema,
        { apiKey: "k", ipnSecret: "s", email: "e", password: "p", twoFactorSecret: "JBSWY3DPEHPK3PXP" },
        ["baseUrl"],
      ],
      ["http-partner", httpPartnerConfigSchema, { secret: "0123456789abcdef" }, ["baseUrl"]],
    ];
    for (const [name, schema, base, keys] of cases)
      for (const key of keys) {
        expect(schema.safeParse({ ...base, [key]: PLAIN }).success, `${name}.${key} over http`).toBe(false);
        expect(schema.safeParse({ ...base, [key]: "https://partner.example.com/api" }).success, `${name}.${key}`).toBe(
          true,
        );
        expect(schema.safeParse({ ...base, [key]: "http://127.0.0.1:4010/api" }).success, `${name}.${key} local`).toBe(
          true,
        );
      }
  });

  it("is refused in the API's English and the console's Turkish, naming the field", () => {
    production();
    let refusal: unknown;
    try {
      validate(paparaConfigSchema, { apiKey: "k", merchantSecretKey: "s", baseUrl: PLAIN });
    } catch (error) {
      refusal = error;
    }
    const [message] = (refusal as DomainError).refusals;
    expect(wordError(message!, ENGLISH_ERRORS)).toBe(
      "baseUrl: must be an https URL in production (plain http only to 127.0.0.1 or localhost, for tests)",
    );
    expect(wordError(message!, TR_ERRORS)).toBe(
      "baseUrl canlı ortamda bir https adresi olmalı (düz http yalnızca testler için 127.0.0.1 ya da localhost'a)",
    );
  });

  it("may be plain http outside production (a developer's simulator elsewhere)", () => {
    vi.stubEnv("APP_ENV", "development");
    expect(paparaConfigSchema.safeParse({ apiKey: "k", baseUrl: PLAIN }).success).toBe(true);
  });
});

describe("Papara's merchantSecretKey", () => {
  it("is required in production, where nothing else tells a forged notification", () => {
    production();
    const refused = paparaConfigSchema.safeParse({ apiKey: "k" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.path.join("."))).toEqual(["merchantSecretKey"]);
    expect(paparaConfigSchema.safeParse({ apiKey: "k", merchantSecretKey: "s" }).success).toBe(true);
    vi.stubEnv("APP_ENV", "development");
    expect(paparaConfigSchema.safeParse({ apiKey: "k" }).success).toBe(true);
  });
});
