import { observePartnerCall, type PartnerOutcome } from "@/lib/base/observability/business-metrics";
import { PartnerCallError } from "./ports";

/**
 * Every connector the registry lists is measured here, so each partner's calls are measured in one place
 * without a line in its own folder: each call that goes to the partner is timed and counted with its
 * outcome. (Verifying what a partner sends is not counted here: a notification is tried against several
 * configurations, a wallet's or a rotation's, and only the receiver knows when all of them refused it.)
 */

/** The port methods that call the partner over the network. */
const OUTBOUND = new Set([
  "testConnection",
  "startCheckout",
  "inquire",
  "refund",
  "issueDeposit",
  "submitWithdrawal",
  "submitTransfer",
  "balance",
  "listTransactions",
  "inquireTransfer",
]);

type Named = { readonly name: string; readonly kind: string };
type Method = (...args: unknown[]) => unknown;

const refused = (value: unknown) =>
  typeof value === "object" && value !== null && (value as { ok?: unknown }).ok === false;

/**
 * How a call that returned ended: an answered refund the partner declined is "refused", a failed connection test
 * "error".
 */
function answered(operation: string, value: unknown): PartnerOutcome {
  if (operation === "refund" && refused(value)) return "refused";
  if (operation === "testConnection" && refused(value)) return "error";
  return "ok";
}

/** How a call that threw ended: the connector's own verdict (docs/connectors.md), anything else "error". */
const thrown = (error: unknown): PartnerOutcome => (error instanceof PartnerCallError ? error.failure.kind : "error");

function timed(connector: Named, operation: string, method: Method): Method {
  return async (...args) => {
    const started = performance.now();
    const labels = { connector: connector.name, kind: connector.kind, operation };
    try {
      const value = await method.apply(connector, args);
      observePartnerCall({ ...labels, outcome: answered(operation, value) }, (performance.now() - started) / 1000);
      return value;
    } catch (error) {
      observePartnerCall({ ...labels, outcome: thrown(error) }, (performance.now() - started) / 1000);
      throw error;
    }
  };
}

const measured = new WeakSet<object>();

/**
 * The connector measured: each of its outbound methods replaced, on the object itself, by one that times the
 * call. In place, so the registry lists the very objects the connector folders export (and a connector
 * imported directly is measured too); once per object, however often asked.
 */
export function instrumented<C extends Named>(connector: C): C {
  if (measured.has(connector)) return connector;
  measured.add(connector);
  const methods = connector as unknown as Record<string, unknown>;
  for (const operation of OUTBOUND) {
    const method = methods[operation];
    if (typeof method === "function") methods[operation] = timed(connector, operation, method as Method);
  }
  return connector;
}

/** Each connector of a registry's table, measured; the table is returned as it was given. */
export function instrumentedAll<T extends Record<string, Named>>(table: T): T {
  for (const connector of Object.values(table)) instrumented(connector);
  return table;
}
