import type { ThirdPartyKind } from "@/lib/domain/payment-methods";
import type { GatewayMethod, PaymentMethod } from "@/lib/domain/payment-methods";

/**
 * Every payment method's words in one place per language: the console's names (full and short, and the
 * gateway family's) and the payment page's word for a third-party kind. A new method fails the type check
 * here and in tr.ts, and nowhere else in the dictionaries.
 */
export type MethodWords = {
  method: Record<PaymentMethod, string>;
  /** Short method names for chart axes and legends. */
  methodShort: Record<PaymentMethod, string>;
  gatewayMethod: Record<GatewayMethod, string>;
  /** The payment page's tab for each third-party kind. */
  payKind: Record<ThirdPartyKind, string>;
};

/** One word of MethodWords by its path ("gatewayMethod.BANK"), for the words both languages share (tr.ts). */
export type MethodWordPath = { [G in keyof MethodWords]: `${G}.${keyof MethodWords[G] & string}` }[keyof MethodWords];

export const methodWords: MethodWords = {
  method: {
    MANUAL_BANK: "Manual bank",
    EIBAN: "E-IBAN",
    CREDIT_CARD: "Credit card",
    TP_BANK: "Third-party bank",
    TP_CRYPTO: "Third-party crypto",
    TP_WALLET: "Third-party wallet",
  },
  methodShort: {
    MANUAL_BANK: "Manual bank",
    EIBAN: "E-IBAN",
    CREDIT_CARD: "Card",
    TP_BANK: "Bank (gateway)",
    TP_CRYPTO: "Crypto",
    TP_WALLET: "Wallet",
  },
  gatewayMethod: { BANK: "Bank", CRYPTO: "Crypto", WALLET: "Wallet" },
  payKind: { bank: "Bank transfer", crypto: "Crypto", wallet: "E-wallet" },
};
