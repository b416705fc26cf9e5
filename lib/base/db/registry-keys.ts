import pg from "pg";
import { applicationName } from "./connection-settings";

/**
 * One payment method of the registry as payment_method_keys holds it: the key transactions and fees store, and for
 * a third-party method its gateway family (what gateways store) and its account's shape.
 */
export type RegistryKey = { key: string; gatewayFamily: string | null; accountShape: string | null };

/**
 * Writes the registry's methods into payment_method_keys after the migrations, so a method added to the code needs
 * no migration: the foreign keys of transactions, fee schedules and gateways then accept it. A key is only ever
 * added, never removed (rows may name it) nor changed: a key whose family or shape differs from the database's is
 * refused, naming both, rather than moving the gateways that name the old family.
 */
export async function syncRegistryKeys(url: string, registry: readonly RegistryKey[]): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: applicationName() });
  await client.connect();
  try {
    const { rows } = await client.query<RegistryKey>(
      `WITH wanted AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) AS w(key, gateway_family, account_shape)
       ), added AS (
         INSERT INTO payment_method_keys (key, gateway_family, account_shape)
         SELECT key, gateway_family, account_shape FROM wanted
         ON CONFLICT (key) DO NOTHING
         RETURNING key
       )
       SELECT k.key, k.gateway_family AS "gatewayFamily", k.account_shape AS "accountShape"
       FROM payment_method_keys k JOIN wanted w ON w.key = k.key
       WHERE k.gateway_family IS DISTINCT FROM w.gateway_family OR k.account_shape IS DISTINCT FROM w.account_shape`,
      [registry.map((r) => r.key), registry.map((r) => r.gatewayFamily), registry.map((r) => r.accountShape)],
    );
    if (rows.length) {
      const said = rows.map((stored) => {
        const wanted = registry.find((r) => r.key === stored.key)!;
        return `${stored.key}: the database has ${describe(stored)}, the registry ${describe(wanted)}`;
      });
      throw new Error(`payment_method_keys disagrees with the payment-method registry (${said.join("; ")})`);
    }
  } finally {
    await client.end();
  }
}

function describe(k: Pick<RegistryKey, "gatewayFamily" | "accountShape">): string {
  return `family ${k.gatewayFamily ?? "none"}, shape ${k.accountShape ?? "none"}`;
}
