/**
 * `npm run new:connector -- <name> --kind card|gateway|bank [--label "Human name"] [--root DIR]`: a new
 * partner's connector folder, simulator skeleton and conformance row, registered and listed in the table
 * (scripts/new-connector/scaffold.ts). Exit code 2 on bad input, nothing written.
 */
import { parseArgs } from "node:util";
import { KINDS, scaffoldConnector, ScaffoldError } from "./new-connector/scaffold";

const usage = `Usage: npm run new:connector -- <name> --kind ${KINDS.join("|")} [--label "Human name"]`;

try {
  const { values, positionals } = parseArgs({
    options: { kind: { type: "string" }, label: { type: "string" }, root: { type: "string" } },
    allowPositionals: true,
  });
  if (positionals.length !== 1 || !values.kind) throw new ScaffoldError(usage);
  const done = scaffoldConnector(values.root ?? process.cwd(), positionals[0]!, values.kind, values.label);
  const name = done.names.name;
  console.log(
    [
      `Wrote ${done.written.join(", ")}; added ${name} to ${done.edited.join(" and ")}.`,
      "",
      'Next, in this order (docs/connectors.md, "Writing a connector"):',
      `  1. npm run typecheck names its name in words, in lib/edge/i18n/console/{en,tr}/acquirers.ts (connectors.names,`,
      `     keyed by the registry's names; its configuration keys: connector-words.test.ts), and for a gateway the`,
      `     kinds it serves (CONNECTOR_KINDS, lib/domain/third-party/connector-kinds.ts).`,
      `  2. e2e/simulators/${name}: the partner's documented wire format, from its documentation.`,
      `  3. e2e/conformance/rows/${name}.ts: the adapter the journeys drive (it throws until written).`,
      `  4. lib/integrations/connectors/${name}: the connector, until the suite passes:`,
      // A filter, not a file: the card rows are spread over three files (connector-conformance-cards-1..3).
      `       npm run build && npx vitest run --project integration e2e/integration/connector-conformance-${done.names.kind === "card" ? "cards" : done.names.kind === "gateway" ? "gateways" : "banks"} -t "${name}"`,
      `  5. lib/integrations/connectors/${name}/spec.ts kept true (its flows, report and status; registry.test.ts`,
      `     checks what the code shows), then npm run docs:connectors writes its row of docs/connectors.md's coverage`,
      `     (and npm run docs:cli the README's command list, whose acquirer:set names the card connectors).`,
      `  6. Its unit tests on the partner's published vectors, docs/connectors.md, docs/decisions.md.`,
    ].join("\n"),
  );
} catch (error) {
  if (!(error instanceof ScaffoldError || (error instanceof TypeError && "code" in error))) throw error;
  console.error(error.message);
  process.exit(2);
}
