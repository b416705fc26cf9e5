import type { MethodNames, Shape } from "./scaffold";

/**
 * The new kind's line in the sandbox's gateway catalogue (SANDBOX_GATEWAYS_BY_KIND, keyed by ThirdPartyKind), so the
 * kind is payable in the sandbox from its first run: one gateway asking for the account its shape has.
 */
export const CATALOGUE = "lib/domain/third-party/sandbox-gateway-catalog.ts";

/** What a withdrawal through a gateway of each shape names (validate-withdrawal-account.ts reads them). */
const ACCOUNTS: Record<Shape, { requiredFields: string[]; supportedCryptoTypes: string[] }> = {
  bank: { requiredFields: ["iban", "account_holder"], supportedCryptoTypes: [] },
  crypto: { requiredFields: ["crypto_type", "wallet_address"], supportedCryptoTypes: ["USDT-TRC20", "TRX"] },
  wallet: { requiredFields: ["wallet_number"], supportedCryptoTypes: [] },
};

const list = (items: string[]) => `[${items.map((i) => JSON.stringify(i)).join(", ")}]`;

/** The catalogue's source with the kind's sandbox gateway added last; null when the catalogue was not found. */
export function withSandboxGateway(source: string, names: MethodNames, shape: Shape, label: string): string | null {
  const start = source.indexOf("export const SANDBOX_GATEWAYS_BY_KIND = {");
  const end = source.indexOf("\n} satisfies Record<ThirdPartyKind", start);
  if (start < 0 || end < 0) return null;
  const account = ACCOUNTS[shape];
  // Gateway codes are unique: a kind named like an existing sandbox gateway ("tron") gets a code of its own.
  const code = source.includes(`"sandbox-${names.kind}"`) ? `sandbox-${names.kind}-gateway` : `sandbox-${names.kind}`;
  const entry = [
    `  ${names.kind}: [`,
    "    {",
    `      name: ${JSON.stringify(`Sandbox ${label}`)},`,
    `      code: "${code}",`,
    '      minAmount: "10.00",',
    '      maxAmount: "50000.00",',
    `      requiredFields: ${list(account.requiredFields)},`,
    `      supportedCryptoTypes: ${list(account.supportedCryptoTypes)},`,
    `      description: ${JSON.stringify(`Payments through the sandbox gateway (${label}).`)},`,
    `      descriptionTr: ${JSON.stringify(`Sandbox geçidiyle ödeme (${label}).`)},`,
    "    },",
    "  ],",
  ].join("\n");
  return `${source.slice(0, end)}\n${entry}${source.slice(end)}`;
}
