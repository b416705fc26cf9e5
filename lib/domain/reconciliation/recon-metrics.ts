import { prisma } from "@/lib/base/db/prisma";
import { scrapedGaugeSet, type LabelledValue } from "@/lib/base/observability/metrics";
import { DISCREPANCY_KINDS } from "./recon-types";

/** Runs of the last days count: an account whose runs stopped (removed, deactivated) drops out of the age. */
const RECENT_DAYS = 10;

/** Open (and proposed) discrepancies by partner and kind; every kind of a partner with runs is written, 0 included. */
async function openDiscrepancies(): Promise<LabelledValue<"partner" | "kind">[]> {
  const rows = await prisma.$queryRaw<{ partner: string; kind: string; n: number }[]>`
    SELECT partner, kind, count(*)::int AS n FROM recon_discrepancies WHERE status IN ('open', 'proposed')
    GROUP BY 1, 2`;
  const partners = await prisma.$queryRaw<{ partner: string }[]>`
    SELECT DISTINCT partner FROM recon_runs WHERE day >= current_date - ${RECENT_DAYS}::int`;
  const names = new Set([...partners.map((p) => p.partner), ...rows.map((r) => r.partner)]);
  return [...names].flatMap((partner) =>
    DISCREPANCY_KINDS.map((kind) => ({
      labels: { partner, kind },
      value: Number(rows.find((r) => r.partner === partner && r.kind === kind)?.n ?? 0),
    })),
  );
}

/** Per partner, the age of its oldest discrepancy still open (or proposed): ReconciliationDiscrepancyOpen reads it. */
async function oldestOpen(): Promise<LabelledValue<"partner">[]> {
  const rows = await prisma.$queryRaw<{ partner: string; age: number }[]>`
    SELECT partner, extract(epoch FROM now() - min(created_at))::float8 AS age FROM recon_discrepancies
    WHERE status IN ('open', 'proposed') GROUP BY 1`;
  return rows.map((r) => ({ labels: { partner: r.partner }, value: Math.max(0, Number(r.age)) }));
}

/**
 * Per partner, how long ago its least recently reconciled account was last reconciled completely (an account never
 * reconciled counts from its first run): ReconciliationStale pages when a partner's day stays unreconciled.
 */
async function reconciledAges(): Promise<LabelledValue<"partner">[]> {
  const rows = await prisma.$queryRaw<{ partner: string; age: number }[]>`
    SELECT partner, max(age)::float8 AS age FROM (
      SELECT partner, account,
             extract(epoch FROM now() - COALESCE(max(reconciled_at), min(created_at))) AS age
      FROM recon_runs WHERE day >= current_date - ${RECENT_DAYS}::int GROUP BY 1, 2) a
    GROUP BY 1`;
  return rows.map((r) => ({ labels: { partner: r.partner }, value: Math.max(0, Number(r.age)) }));
}

/** The reconciliation's gauges (docs/reconciliation.md, "Operating it"), read from the database once per scrape. */
export function registerReconciliationMetrics(): void {
  const instance = { scope: "instance" } as const;
  scrapedGaugeSet(
    "reconciliation_open_discrepancies",
    "Reconciliation discrepancies not yet resolved (open or proposed), by partner and kind",
    ["partner", "kind"],
    openDiscrepancies,
    instance,
  );
  scrapedGaugeSet(
    "reconciliation_oldest_open_discrepancy_age_seconds",
    "Seconds since each partner's oldest unresolved reconciliation discrepancy was found",
    ["partner"],
    oldestOpen,
    instance,
  );
  scrapedGaugeSet(
    "reconciliation_last_reconciled_age_seconds",
    "Seconds since each partner's least recently reconciled account was last reconciled completely",
    ["partner"],
    reconciledAges,
    instance,
  );
}
