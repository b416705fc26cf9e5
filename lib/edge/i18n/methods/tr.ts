import type { MethodWords } from "./en";

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
