import { THIRD_PARTY, type ThirdPartyKind } from "@/lib/domain/payment-methods";

/** A sandbox gateway as the seed saves it, less its family (the kind's, from the registry). */
type SandboxGateway = {
  name: string;
  code: string;
  minAmount: string;
  maxAmount: string;
  requiredFields: string[];
  supportedCryptoTypes: string[];
  description: string;
  descriptionTr: string;
};

/**
 * The sandbox gateways every development database starts with, at least one per third-party kind: keyed by the
 * registry's kinds, so a new kind without one fails the type check (its payment page would say no gateway exists).
 */
export const SANDBOX_GATEWAYS_BY_KIND = {
  bank: [
    {
      name: "Sandbox Havale",
      code: "sandbox-bank-havale",
      minAmount: "50.00",
      maxAmount: "250000.00",
      requiredFields: ["iban", "account_holder"],
      supportedCryptoTypes: [],
      description: "Bank transfer through the sandbox bank gateway (instant confirmation).",
      descriptionTr: "Sandbox banka geçidiyle havale (anında onay).",
    },
    {
      name: "Sandbox FAST",
      code: "sandbox-bank-fast",
      minAmount: "10.00",
      maxAmount: "50000.00",
      requiredFields: ["iban", "account_holder"],
      supportedCryptoTypes: [],
      description: "FAST transfers through the sandbox bank gateway.",
      descriptionTr: "Sandbox banka geçidiyle FAST ödemesi.",
    },
  ],
  crypto: [
    {
      name: "Sandbox Crypto",
      code: "sandbox-crypto",
      minAmount: "100.00",
      maxAmount: "500000.00",
      requiredFields: ["crypto_type", "wallet_address"],
      supportedCryptoTypes: ["USDT-TRC20", "USDT-ERC20", "TRX", "ETH", "BTC"],
      description: "Stablecoins and majors through the sandbox crypto gateway.",
      descriptionTr: "Sandbox kripto geçidiyle sabit coinler ve başlıca coinler.",
    },
    {
      name: "Sandbox Tron Pay",
      code: "sandbox-tron",
      minAmount: "50.00",
      maxAmount: "100000.00",
      requiredFields: ["crypto_type", "wallet_address"],
      supportedCryptoTypes: ["USDT-TRC20", "TRX"],
      description: "Tron network payments through the sandbox gateway.",
      descriptionTr: "Sandbox geçidiyle Tron ağı üzerinden ödeme.",
    },
  ],
  wallet: [
    {
      name: "Sandbox Papara",
      code: "sandbox-wallet-papara",
      minAmount: "20.00",
      maxAmount: "50000.00",
      requiredFields: ["wallet_number"],
      supportedCryptoTypes: [],
      description: "E-wallet payments through the sandbox wallet gateway.",
      descriptionTr: "Sandbox cüzdan geçidiyle e-cüzdan ödemesi.",
    },
    {
      name: "Sandbox Pep",
      code: "sandbox-wallet-pep",
      minAmount: "10.00",
      maxAmount: "20000.00",
      requiredFields: ["wallet_number", "account_holder"],
      supportedCryptoTypes: [],
      description: "E-wallet payments with account holder check.",
      descriptionTr: "Hesap sahibi kontrolüyle e-cüzdan ödemesi.",
    },
  ],
} satisfies Record<ThirdPartyKind, [SandboxGateway, ...SandboxGateway[]]>;

/** Every sandbox gateway with its family, in the registry's order of kinds: what the seed saves. */
export const SANDBOX_GATEWAYS = THIRD_PARTY.flatMap(({ kind, gatewayMethod }) =>
  SANDBOX_GATEWAYS_BY_KIND[kind].map((gateway: SandboxGateway) => ({ ...gateway, method: gatewayMethod })),
);
