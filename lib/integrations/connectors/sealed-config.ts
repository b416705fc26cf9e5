import { decryptSecret } from "@/lib/base/crypto/secret-box";
import { sealSecret, type SealedConfigColumn } from "@/lib/base/crypto/sealed-columns";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";

/**
 * A connector's configuration as stored: its secret keys (the connector's `secretKeys`) sealed like account
 * secrets, the rest in clear so the console can show URLs and ids. Stored as JSON in the owner's row.
 */
export type SealedConfig = { connector: string; values: Record<string, unknown>; sealed: Record<string, string> };

type ConnectorLike<Config> = {
  name: string;
  secretKeys: readonly string[];
  configSchema: {
    safeParse(
      input: unknown,
    ):
      | { success: true; data: Config }
      | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
  };
};

/** Why a configuration was refused, naming each key: "storeKey: Required". */
type ConfigIssue = { path: readonly PropertyKey[]; message: string };

export class ConnectorConfigError extends Error {
  /** The schema's issues as it gave them, for a refusal worded per field in the reader's language. */
  readonly issues: readonly ConfigIssue[];
  constructor(
    readonly connector: string,
    readonly problems: string[],
    issues: readonly ConfigIssue[] = [],
  ) {
    super(`Invalid ${connector} configuration: ${problems.join("; ")}`);
    this.issues = issues;
    this.name = "ConnectorConfigError";
  }
}

/**
 * Validates with the connector's schema (unknown keys refused by the schema itself) and seals its secrets for
 * the column the configuration is stored in (lib/base/crypto/sealed-columns.ts).
 */
export function sealConfig<Config>(
  column: SealedConfigColumn,
  connector: ConnectorLike<Config>,
  input: unknown,
): SealedConfig {
  const parsed = connector.configSchema.safeParse(input);
  if (!parsed.success) {
    throw new ConnectorConfigError(
      connector.name,
      parsed.error.issues.map((i) => `${i.path.map(String).join(".") || "(config)"}: ${i.message}`),
      parsed.error.issues,
    );
  }
  const values: Record<string, unknown> = {};
  const sealed: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed.data as Record<string, unknown>)) {
    if (connector.secretKeys.includes(key) && typeof value === "string") sealed[key] = sealSecret(column, value);
    else values[key] = value;
  }
  return { connector: connector.name, values, sealed };
}

/**
 * A configuration whose secrets may be kept: secret keys left empty were not given again, and the stored one
 * would go to the new address (a test connection, the next payment) if an address changed. Names both.
 */
export class SecretsNeededError extends Error {
  constructor(
    readonly secrets: string[],
    readonly addresses: string[],
  ) {
    super(`Enter ${secrets.join(", ")} again: ${addresses.join(", ")} changed`);
    this.name = "SecretsNeededError";
  }
}

/** A value the connector calls or sends to: a URL, or a path on this service (the built-in sandbox). */
const isAddress = (value: unknown) => typeof value === "string" && /^(https?:\/\/|\/)/i.test(value.trim());

const sortedJson = (value: Record<string, unknown>) =>
  JSON.stringify(
    Object.keys(value)
      .sort()
      .map((key) => [key, value[key]]),
  );

/**
 * Seals a new configuration for an owner that may have one stored. Secrets are write-only, so a secret key
 * left empty keeps its stored value when the stored configuration is of the same connector, unless an
 * address changed: the stored secret was given for the old address and is never sent to a new one, so
 * every kept secret must then be typed again (SecretsNeededError names them and the addresses). A
 * configuration that says what the stored one says is answered with the stored one itself (`=== stored`):
 * nothing to save, nothing changed.
 */
export function sealConfigKeepingSecrets<Config>(
  column: SealedConfigColumn,
  connector: ConnectorLike<Config>,
  stored: SealedConfig | null,
  input: Record<string, unknown>,
): SealedConfig {
  const given: Record<string, unknown> = { ...input };
  const same = stored?.connector === connector.name ? stored : null;
  const kept = new Set<string>();
  for (const key of connector.secretKeys) {
    const blank = given[key] === undefined || given[key] === "";
    const storedPlain = same?.sealed[key] ? decryptSecret(same.sealed[key]) : null;
    if (storedPlain !== null && (blank || given[key] === storedPlain)) {
      given[key] = storedPlain;
      if (blank) kept.add(key);
    } else if (given[key] === "") delete given[key];
  }
  const sealed = sealConfig(column, connector, given);
  if (!same) return sealed;
  const keys = new Set([...Object.keys(sealed.values), ...Object.keys(same.values)]);
  const moved = [...keys].filter(
    (key) => (isAddress(sealed.values[key]) || isAddress(same.values[key])) && sealed.values[key] !== same.values[key],
  );
  if (moved.length && kept.size) throw new SecretsNeededError([...kept], moved);
  const secretsAsStored = connector.secretKeys.every(
    (key) =>
      key in sealed.sealed === key in same.sealed &&
      (!(key in sealed.sealed) || given[key] === decryptSecret(same.sealed[key]!)),
  );
  return secretsAsStored && sortedJson(sealed.values) === sortedJson(same.values) ? same : sealed;
}

/** A connector configuration refused: each bad key named, or the secrets an address change asks for again. */
export function configRefusal(error: unknown, problem: "connectorProblem" | "configProblem"): unknown {
  if (error instanceof ConnectorConfigError)
    return DomainError.validation(error.problems.map((p) => refusal(problem, { problem: p })));
  if (error instanceof SecretsNeededError)
    return DomainError.validation(
      error.secrets.map((secret) =>
        refusal("secretAgainForAddress", { secret, addresses: error.addresses.join(", ") }),
      ),
    );
  return error;
}

/** The configuration a connector is called with; never logged. */
export function openConfig<Config>(connector: ConnectorLike<Config>, stored: SealedConfig): Config {
  const plain: Record<string, unknown> = { ...stored.values };
  for (const [key, value] of Object.entries(stored.sealed)) plain[key] = decryptSecret(value);
  const parsed = connector.configSchema.safeParse(plain);
  if (!parsed.success)
    throw new ConnectorConfigError(
      connector.name,
      parsed.error.issues.map((i) => `${i.path.map(String).join(".")}: ${i.message}`),
    );
  return parsed.data;
}

/**
 * For the console and `acquirer:show`: each secret as "••••", no character of it. Its last four were once shown,
 * and four characters are half of a bank's eight-character API password. A secret left "••••" in a form is kept.
 */
export function maskConfig(stored: SealedConfig): Record<string, unknown> {
  const masked: Record<string, unknown> = { ...stored.values };
  for (const key of Object.keys(stored.sealed)) masked[key] = "••••";
  return masked;
}
