import { settings } from "@/lib/base/config/settings";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { EibanWallet } from "@/lib/generated/prisma/client";
import { BANK_CONNECTORS } from "@/lib/integrations/connectors/registry";
import type { BankConnector } from "@/lib/integrations/connectors/ports";
import { configRefusal, openConfig, sealConfig, type SealedConfig } from "@/lib/integrations/connectors/sealed-config";
import { sharedSecret } from "@/lib/integrations/gateways/shared-secret";
import type { BankTransferRequest, EibanBank } from "@/lib/integrations/bank/eiban-bank-port";
import { refusal } from "@/lib/base/messages/errors";

export type WalletBank = { connector: BankConnector<unknown>; config: unknown };
type Row = Pick<EibanWallet, "iban" | "connector" | "connectorConfig">;

/** Where the built-in sandbox bank listens: this service itself. */
export const SANDBOX_BANK_BASE = "/sandbox/bank/api";

function connectorNamed(name: string): BankConnector<unknown> | null {
  return (BANK_CONNECTORS as Record<string, BankConnector<unknown>>)[name] ?? null;
}

/** The sandbox bank (http-partner on this service, its shared secret), or null where the sandbox is off. */
export function sandboxBankConnection(): WalletBank | null {
  if (!settings.sandboxEnabled) return null;
  const connector = connectorNamed("http-partner")!;
  return {
    connector,
    config: connector.configSchema.parse({ baseUrl: SANDBOX_BANK_BASE, secret: sharedSecret("eiban-bank") }),
  };
}

/**
 * The bank connector a wallet is reached through. A wallet without one is the sandbox bank's (http-partner
 * pointed at this service, its shared secret), and only while the sandbox is enabled; otherwise it cannot
 * be called and says why.
 */
export function walletBank(wallet: Row): WalletBank {
  if (!wallet.connector) {
    const sandbox = sandboxBankConnection();
    if (!sandbox) throw DomainError.validation([refusal("walletNoConnector", { iban: wallet.iban })]);
    return sandbox;
  }
  const connector = connectorNamed(wallet.connector);
  if (!connector)
    throw DomainError.validation([
      refusal("walletConnectorMissing", { iban: wallet.iban, connector: String(wallet.connector) }),
    ]);
  return { connector, config: openConfig(connector, wallet.connectorConfig as SealedConfig) };
}

/** The wallet's bank in the shape the transfer and reconciliation code calls. */
export function bankOfWallet(wallet: Row, notifyUrl = `${settings.publicBaseUrl}/api/webhooks/bank`): EibanBank {
  const { connector, config } = walletBank(wallet);
  return {
    submitTransfer: (request: BankTransferRequest) => connector.submitTransfer(config, { ...request, notifyUrl }),
    balance: (iban: string) => connector.balance(config, iban),
  };
}

/** Validates a bank configuration by the connector's schema (each problem names its key) and seals it. */
export function sealBankConfig(name: string, input: unknown): SealedConfig {
  const connector = connectorNamed(name);
  if (!connector)
    throw DomainError.validation([refusal("connectorOneOf", { names: Object.keys(BANK_CONNECTORS).join(", ") })]);
  if (typeof input !== "object" || input === null || Array.isArray(input))
    throw DomainError.validation([refusal("configObject")]);
  try {
    return sealConfig("eiban_wallets.connector_config", connector, input);
  } catch (error) {
    throw configRefusal(error, "configProblem");
  }
}
