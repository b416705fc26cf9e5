import { encryptSecret } from "./secret-box";

/**
 * The one registry of every column that holds secrets sealed with the keyring (secret-box.ts). What reads it:
 * - `secrets:reencrypt` (lib/domain/ops/reencrypt-secrets.ts) moves every value it names to the newest key;
 * - the start-up and `/api/ready` check (lib/domain/ops/unreadable-secrets.ts) names every value under a key
 *   the keyring lacks, so removing a key too early is seen before a payment needs the secret;
 * - the rotation test reads every one of them after a rotation.
 * A value is sealed only through `sealSecret` or `sealConfig` (lib/integrations/connectors/sealed-config.ts),
 * which name the column they seal for; `sealed-columns.test.ts` fails on a seal anywhere else, on a column of
 * the schema that looks sealed (`*_enc`, or JSON not declared plain) and is not here, and on an entry here
 * the schema does not have.
 *
 * `holds`: "value" is one sealed string; "config" is a connector's SealedConfig (JSON) whose `sealed`
 * object holds sealed strings. `key` is the row's primary key column.
 */
export const SEALED_COLUMNS = {
  "providers.secret_key_enc": { table: "providers", key: "id", column: "secret_key_enc", holds: "value" },
  "providers.previous_secret_key_enc": {
    table: "providers",
    key: "id",
    column: "previous_secret_key_enc",
    holds: "value",
  },
  "providers.verification_key_enc": { table: "providers", key: "id", column: "verification_key_enc", holds: "value" },
  "dealers.secret_key_enc": { table: "dealers", key: "id", column: "secret_key_enc", holds: "value" },
  "dealers.previous_secret_key_enc": { table: "dealers", key: "id", column: "previous_secret_key_enc", holds: "value" },
  "site_integrations.secret_key_enc": {
    table: "site_integrations",
    key: "id",
    column: "secret_key_enc",
    holds: "value",
  },
  "site_integrations.previous_secret_key_enc": {
    table: "site_integrations",
    key: "id",
    column: "previous_secret_key_enc",
    holds: "value",
  },
  "console_users.totp_secret_enc": { table: "console_users", key: "id", column: "totp_secret_enc", holds: "value" },
  "gateways.webhook_secret_enc": { table: "gateways", key: "id", column: "webhook_secret_enc", holds: "value" },
  "gateways.config": { table: "gateways", key: "id", column: "config", holds: "config" },
  "gateways.previous_config": { table: "gateways", key: "id", column: "previous_config", holds: "config" },
  "dealer_acquirers.config": { table: "dealer_acquirers", key: "dealer_id", column: "config", holds: "config" },
  "eiban_wallets.connector_config": { table: "eiban_wallets", key: "id", column: "connector_config", holds: "config" },
} as const satisfies Record<string, { table: string; key: string; column: string; holds: "value" | "config" }>;

export type SealedColumn = keyof typeof SEALED_COLUMNS;
type Holding<H> = { [C in SealedColumn]: (typeof SEALED_COLUMNS)[C]["holds"] extends H ? C : never }[SealedColumn];
/** A column that is one sealed string. */
export type SealedValueColumn = Holding<"value">;
/** A column that is a connector's SealedConfig. */
export type SealedConfigColumn = Holding<"config">;

export type SealedTable = { table: string; key: string; values: string[]; configs: string[] };

/** The registry by table, in its order: what one row of each table holds. */
export function sealedTables(): SealedTable[] {
  const tables = new Map<string, SealedTable>();
  for (const { table, key, column, holds } of Object.values(SEALED_COLUMNS)) {
    const entry = tables.get(table) ?? { table, key, values: [], configs: [] };
    (holds === "value" ? entry.values : entry.configs).push(column);
    tables.set(table, entry);
  }
  return [...tables.values()];
}

/**
 * Seals a secret for the column it is stored in (for a "config" column: one secret of its `sealed` object).
 * The column is named so that every seal is one of the registry's (another name fails the type check); the
 * sealed value itself is encryptSecret's.
 */
export function sealSecret(column: SealedColumn, plain: string): string {
  void column;
  return encryptSecret(plain);
}
