import type { MethodWordPath, MethodWords } from "./en";

/** The payment methods' words in Turkish: the same keys as en.ts. */
export const methodWords: MethodWords = {
  method: {
    MANUAL_BANK: "Manuel banka",
    EIBAN: "E-IBAN",
    CREDIT_CARD: "Kredi kartı",
    TP_BANK: "Üçüncü taraf banka",
    TP_CRYPTO: "Üçüncü taraf kripto",
    TP_WALLET: "Üçüncü taraf cüzdan",
  },
  methodShort: {
    MANUAL_BANK: "Manuel banka",
    EIBAN: "E-IBAN",
    CREDIT_CARD: "Kart",
    TP_BANK: "Banka (geçit)",
    TP_CRYPTO: "Kripto",
    TP_WALLET: "Cüzdan",
  },
  gatewayMethod: { BANK: "Banka", CRYPTO: "Kripto", WALLET: "Cüzdan" },
  payKind: { bank: "Banka havalesi", crypto: "Kripto", wallet: "E-cüzdan" },
};

/**
 * The words above written as in English, because they are names (E-IBAN): the dictionaries test takes every other
 * Turkish word equal to its English one as untranslated. A new method's name that both languages share goes here,
 * beside its words, not in the test.
 */
export const SAME_IN_BOTH: MethodWordPath[] = ["method.EIBAN", "methodShort.EIBAN"];
