import { decryptSecret, encryptSecret } from "@/lib/base/crypto/secret-box";

/**
 * A connector's configuration as stored: its secret keys (the connector's `secretKeys`) sealed like account
 * secrets, the rest in clear so the console can show URLs and ids. Stored as JSON in the owner's row.
 */
export type SealedConfig = { connector: string; values: Record<string, unknown>; sealed: Record<string, string> };

type ConnectorLike<Config> = { name: string; secretKeys: readonly string[]; configSchema: { safeParse(input: unknown): { success: true; data: Config } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } } } };

/** Why a configuration was refused, naming each key: "storeKey: Required". */
type ConfigIssue = { path: readonly PropertyKey[]; message: string };

export class ConnectorConfigError extends Error {
  /** The schema's issues as it gave them, for a refusal worded per field in the reader's language. */
  readonly issues: readonly ConfigIssue[];
  constructor(readonly connector: string, readonly problems: string[], issues: readonly ConfigIssue[] = []) {
    super(`Invalid ${connector} configuration: ${problems.join("; ")}`);
    this.issues = issues;
    this.name = "ConnectorConfigError";
  }
}

/** Validates with the connector's schema (unknown keys refused by the schema itself) and seals its secrets. */
export function sealConfig<Config>(connector: ConnectorLike<Config>, input: unknown): SealedConfig {
  const parsed = connector.configSchema.safeParse(input);
  if (!parsed.success) {
    throw new ConnectorConfigError(connector.name, parsed.error.issues.map((i) => `${i.path.map(String).join(".") || "(config)"}: ${i.message}`), parsed.error.issues);
  }
  const values: Record<string, unknown> = {};
  const sealed: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed.data as Record<string, unknown>)) {
    if (connector.secretKeys.includes(key) && typeof value === "string") sealed[key] = encryptSecret(value);
    else values[key] = value;
  }
  return { connector: connector.name, values, sealed };
}

/** The configuration a connector is called with; never logged. */
export function openConfig<Config>(connector: ConnectorLike<Config>, stored: SealedConfig): Config {
  const plain: Record<string, unknown> = { ...stored.values };
  for (const [key, value] of Object.entries(stored.sealed)) plain[key] = decryptSecret(value);
  const parsed = connector.configSchema.safeParse(plain);
  if (!parsed.success) throw new ConnectorConfigError(connector.name, parsed.error.issues.map((i) => `${i.path.map(String).join(".")}: ${i.message}`));
  return parsed.data;
}

/** For the console and `acquirer:show`: secrets as "••••1234" (their last four characters at most). */
export function maskConfig(stored: SealedConfig): Record<string, unknown> {
  const masked: Record<string, unknown> = { ...stored.values };
  for (const [key, value] of Object.entries(stored.sealed)) {
    const plain = decryptSecret(value);
    masked[key] = plain.length > 8 ? `••••${plain.slice(-4)}` : "••••";
  }
  return masked;
}
