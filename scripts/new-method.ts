/**
 * `npm run new:method -- <name> --kind bank|crypto|wallet [--label "Human name"] [--root DIR]`: a new
 * third-party method of an existing account shape, defined and registered (scripts/new-method/scaffold.ts).
 * Exit code 2 on bad input, nothing written.
 */
import { parseArgs } from "node:util";
import { SHAPES, scaffoldMethod, ScaffoldError } from "./new-method/scaffold";

const usage = `Usage: npm run new:method -- <name> --kind ${SHAPES.join("|")} [--label "Human name"]`;

try {
  const { values, positionals } = parseArgs({
    options: { kind: { type: "string" }, label: { type: "string" }, root: { type: "string" } },
    allowPositionals: true,
  });
  if (positionals.length !== 1 || !values.kind) throw new ScaffoldError(usage);
  const done = scaffoldMethod(values.root ?? process.cwd(), positionals[0]!, values.kind, values.label);
  const { names } = done;
  console.log(
    [
      `Wrote ${done.written.join(", ")}; added ${names.method} (gateway family ${names.family}) to ${done.edited.join(", ")}`,
      "(its sandbox gateway: edit its amounts and fields there if the kind needs others).",
      "",
      'Next, in this order (docs/architecture.md, "A new third-party method"):',
      "  1. npm run typecheck: it names the method's words (lib/edge/i18n/methods/en.ts and tr.ts). No migration:",
      "     starting the app (or npm run db:migrate) adds the method to the database's payment_method_keys.",
      "  2. npm run docs:lifecycle && npm run docs:guide && npm run docs:cli && npm run docs:connectors, then npm test:",
      "     it names the integration guide's request bodies (docs/integration.md), and a name written the same in",
      "     both languages (SAME_IN_BOTH in lib/edge/i18n/methods/tr.ts).",
    ].join("\n"),
  );
} catch (error) {
  if (!(error instanceof ScaffoldError || (error instanceof TypeError && "code" in error))) throw error;
  console.error(error.message);
  process.exit(2);
}
