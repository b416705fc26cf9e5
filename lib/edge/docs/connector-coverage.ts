import { THIRD_PARTY_KINDS } from "@/lib/domain/payment-methods";
import { kindsServedBy } from "@/lib/domain/third-party/connector-kinds";
import { CONNECTOR_STATUSES, flowWords, type ConnectorSpec } from "@/lib/integrations/connectors/connector-spec";
import { BANK_CONNECTORS, CARD_CONNECTORS, GATEWAY_CONNECTORS } from "@/lib/integrations/connectors/registry";

/**
 * docs/connectors.md's coverage table, written from each connector's specification (<name>/spec.ts) by
 * `npm run docs:connectors`; connector-coverage.test.ts keeps the committed file equal to it.
 */
export const COVERAGE_START =
  "<!-- connector-coverage:start (npm run docs:connectors writes this table from each connector's spec.ts) -->";
export const COVERAGE_END = "<!-- connector-coverage:end -->";

type Row = { name: string; spec: ConnectorSpec };

/** A registry's connectors as rows (each kind's table has its own spec type; the rendering reads them alike). */
const rowsOf = (table: object): Row[] =>
  Object.entries(table as Record<string, { spec: ConnectorSpec }>).map(([name, c]) => ({ name, spec: c.spec }));

/** What a connector serves: the card connector's hosted model, the gateway's kinds, the bank's accounts. */
function serves({ name, spec }: Row): string {
  if (spec.kind === "card") return spec.checkout ?? "";
  if (spec.kind === "gateway") return `${(kindsServedBy(name) ?? THIRD_PARTY_KINDS).join(", ")} gateways`;
  return "E-IBAN accounts";
}

function reconciliation({ reconciliation: r }: ConnectorSpec): string {
  if (r.mode === "list") return `**list, ${r.period === "day" ? "by calendar day" : "by time window"}**: ${r.how}`;
  if (r.mode === "per_order") return `**per order**: ${r.how}`;
  return `**none**: ${r.how}`;
}

const cell = (text: string) => text.replaceAll("|", "\\|");

export function coverageTable(): string {
  const rows = [...rowsOf(CARD_CONNECTORS), ...rowsOf(GATEWAY_CONNECTORS), ...rowsOf(BANK_CONNECTORS)];
  const lines = rows.map((row) => {
    const { spec } = row;
    const cells = [`\`${row.name}\``, spec.kind, spec.displayName, serves(row), spec.status];
    return `| ${[...cells, flowWords(spec).join(", "), reconciliation(spec)].map(cell).join(" | ")} |`;
  });
  return [
    "| Connector | Kind | Partner | Serves (cards: how the customer pays) | Status | Flows | Reconciliation |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...lines,
    "",
    "The statuses, in the order a connector reaches them:",
    "",
    ...Object.entries(CONNECTOR_STATUSES).map(([status, meaning]) => `- \`${status}\`: ${meaning}.`),
  ].join("\n");
}

/** The document with its coverage block written from the specifications. */
export function withCoverageTable(doc: string): string {
  const start = doc.indexOf(COVERAGE_START);
  const end = doc.indexOf(COVERAGE_END);
  if (start < 0 || end < start)
    throw new Error(`docs/connectors.md has no ${COVERAGE_START} ... ${COVERAGE_END} block`);
  return `${doc.slice(0, start)}${COVERAGE_START}\n${coverageTable()}\n${doc.slice(end)}`;
}
