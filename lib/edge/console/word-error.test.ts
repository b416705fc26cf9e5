import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "@/lib/base/errors/domain-error";
import { ENGLISH_ERRORS } from "@/lib/base/messages/english-errors";
import { refusal, wordError, type ErrorKey, type ErrorMessage } from "@/lib/base/messages/errors";
import { amountSchema } from "@/lib/domain/schemas/common";
import { ipWhitelistTextSchema } from "@/lib/domain/schemas/ip-whitelist";
import { validate } from "@/lib/domain/schemas/validate";
import { en } from "@/lib/edge/i18n/console/en";
import { tr } from "@/lib/edge/i18n/console/tr";
import { describeRefusal } from "./action-error";

/** Parameter values a language's words can be tried with: names the dictionaries look up get a known value. */
const SAMPLE: Record<string, string> = {
  entity: "dealer",
  owner: "provider",
  method: "eiban",
  of: "string",
  expected: "string",
  format: "email",
  target: "deposit",
};
const sampleParams = () => new Proxy({}, { get: (_, name) => SAMPLE[String(name)] ?? `«${String(name)}»` });

/** The contract's texts (/work/shared/spec) for the refusals it words, byte for byte. */
const CONTRACT_TEXTS: Partial<Record<ErrorKey, string>> = {
  invalidCredentialKey: "Invalid credential key", // provider-api.md: 401 credential key invalid
  customerBlocked: "This customer is blocked. Payment not allowed.", // provider-api.md: 403 customer blocked
};

describe("the refusal catalogue's words", () => {
  const keys = Object.keys(ENGLISH_ERRORS) as ErrorKey[];

  it("has Turkish and English words for every key, and they differ", () => {
    expect(keys.length).toBeGreaterThan(100);
    for (const key of keys) {
      const [turkish, english] = [tr.domain.errors[key], en.domain.errors[key]].map((words) =>
        (words as (p: object) => string)(sampleParams()),
      );
      expect(turkish, key).toMatch(/\S/);
      expect(english, key).toMatch(/\S/);
      expect(turkish, key).not.toBe(english);
    }
  });

  it("words the contract's refusals in the API's English exactly as the contract does", () => {
    for (const [key, text] of Object.entries(CONTRACT_TEXTS)) {
      expect(wordError({ key, params: {} } as ErrorMessage, ENGLISH_ERRORS)).toBe(text);
      expect(DomainError.forbidden("x", { key, params: {} } as ErrorMessage).message).toBe(text);
    }
  });

  it("keeps the API's English lines for a validation refusal and words its keys for the console", () => {
    const error = (() => {
      try {
        validate(amountSchema({ min: "0.01", field: "max" }), 0);
      } catch (e) {
        return e;
      }
    })() as DomainError;
    expect(error.details.messages).toEqual(["max must be at least 0.01"]);
    expect(error.refusals).toEqual([refusal("atLeast", { field: "max", min: "0.01" })]);
    expect(describeRefusal(error, tr)).toBe("En yüksek tutar en az 0,01\u00a0TL olmalı");
  });

  it("words parameters for the reader: money in their format, owners and entities in their language", () => {
    const over = DomainError.validation([
      refusal("receivedOverMax", { amount: "2000.00", max: "1500.00", owner: "dealer" }),
    ]);
    expect(over.message).toBe("the received amount 2000.00 is above the dealer's maximum per transaction of 1500.00");
    expect(describeRefusal(over, tr)).toBe(
      "Alınan tutar 2.000,00\u00a0TL, bayinin işlem başına en yüksek tutarı olan 1.500,00\u00a0TL tutarını aşıyor",
    );
    const missing = DomainError.notFound(refusal("doesNotExist", { entity: "console_user", id: 7 }));
    expect(missing.message).toBe("Console user 7 does not exist.");
    expect(describeRefusal(missing, tr)).toBe("Konsol kullanıcısı 7 bulunamadı.");
  });

  it("refuses a new card refund while one is unknown, in the operator's language", () => {
    const open = DomainError.coded(
      "CONFLICT",
      "REFUND_UNKNOWN",
      refusal("refundUnknownOpen", { amount: "40.00", refundId: "RF-ABC" }),
      "Refund unknown",
    );
    expect(describeRefusal(open, en)).toBe(
      "A refund of 40.00\u00a0TL (RF-ABC) of this payment got no answer from the acquirer: no new refund until it " +
        "is settled; check or retry it",
    );
    expect(describeRefusal(open, tr)).toBe(
      "Bu ödemenin 40,00\u00a0TL tutarındaki iadesi (RF-ABC) kart işlemcisinden yanıt almadı: o sonuçlanmadan yeni " +
        "iade yapılamaz; sorgulayın ya da yeniden deneyin",
    );
  });

  it("words a schema's own keyed rule, and an issue zod states by its kind, the API keeping the English", () => {
    const refused = (schema: z.ZodType, input: unknown) => {
      try {
        validate(schema, input);
      } catch (e) {
        return e as DomainError;
      }
      throw new Error("not refused");
    };
    const required = refused(amountSchema({ min: "0.01" }), undefined);
    expect(required.details.messages).toEqual(["amount is required"]);
    expect(describeRefusal(required, tr)).toBe("Tutar gerekli");
    const zods = refused(z.strictObject({ name: z.string().max(3) }), { name: "abcd", extra: 1 });
    expect(zods.refusals.map((r) => r.key)).toEqual(["tooBig", "unknownField"]);
    expect(zods.details.messages?.[1]).toBe("Unknown field: extra");
    expect(zods.details.messages?.[0]).toMatch(/^name: /);
    expect(describeRefusal(zods, tr)).toBe("Ad en fazla 3 karakter olmalı\nBilinmeyen alan: extra");
    const ips = refused(ipWhitelistTextSchema, "127.0.0.1\n10.0.0.300");
    expect(ips.details.messages).toEqual(['line 2: "10.0.0.300" is not a valid IP address or CIDR range']);
    expect(describeRefusal(ips, en)).toBe('Line 2: "10.0.0.300" is not a valid IP address or CIDR range');
    expect(describeRefusal(ips, tr)).toBe('Satır 2: "10.0.0.300" geçerli bir IP adresi ya da CIDR aralığı değil');
  });
});
