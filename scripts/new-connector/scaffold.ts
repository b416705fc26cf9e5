import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  connectorSource,
  namesOf,
  rowSource,
  simulatorSource,
  specSource,
  type ConnectorKind,
  type Names,
} from "./templates";

/**
 * The scaffold behind `npm run new:connector -- <name> --kind card|gateway|bank`: writes a new partner's
 * connector folder (the connector and its specification), its simulator skeleton and its conformance row, and adds
 * the connector to the registry and the row to the conformance table, so the next partner starts from a suite that
 * fails on every journey. The type check then names the connector's words in the console's dictionaries (and a
 * gateway connector's kinds in CONNECTOR_KINDS).
 */

export const KINDS: readonly ConnectorKind[] = ["card", "gateway", "bank"];
const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

const REGISTRY = "lib/integrations/connectors/registry.ts";
const TABLE = "e2e/conformance/table.ts";
const MAPS: Record<ConnectorKind, { registry: string; table: string }> = {
  card: { registry: "CARD_CONNECTORS", table: "CARD_ROWS" },
  gateway: { registry: "GATEWAY_CONNECTORS", table: "GATEWAY_ROWS" },
  bank: { registry: "BANK_CONNECTORS", table: "BANK_ROWS" },
};

export class ScaffoldError extends Error {}

export type Scaffolded = { names: Names; written: string[]; edited: string[] };

const key = (name: string) => (name.includes("-") ? `"${name}"` : name);

/** Adds `line` among the imports from the same folder, in alphabetical order of their source. */
function addImport(source: string, line: string): string {
  const lines = source.split("\n");
  const from = (l: string) => /from "([^"]+)"/.exec(l)?.[1] ?? "";
  const folder = from(line).slice(0, from(line).lastIndexOf("/") + 1);
  const imports = lines.map((l, i) => [l, i] as const).filter(([l]) => l.startsWith("import "));
  const peers = imports.filter(([l]) => from(l).startsWith(folder));
  const before = peers.find(([l]) => from(l) > from(line));
  lines.splice(before ? before[1] : (peers.at(-1) ?? imports.at(-1)!)[1] + 1, 0, line);
  return lines.join("\n");
}

/** Adds `entry` as the last member of the object literal `export const <constant> ... = { ... };`. */
function addMember(source: string, constant: string, entry: string, file: string): string {
  const start = source.indexOf(`export const ${constant}`);
  if (start < 0) throw new ScaffoldError(`${file} has no ${constant}: add the line by hand`);
  const end = source.indexOf("\n}", start);
  if (end < 0) throw new ScaffoldError(`${file}: the end of ${constant} was not found`);
  return `${source.slice(0, end)}\n  ${entry}${source.slice(end)}`;
}

function registered(source: string, constant: string, name: string): boolean {
  const start = source.indexOf(`export const ${constant}`);
  const body = source.slice(start, source.indexOf("\n}", start));
  return new RegExp(`^\\s*(${name}|"${name}"):`, "m").test(body);
}

export function scaffoldConnector(root: string, name: string, kind: string, label?: string): Scaffolded {
  if (!NAME.test(name))
    throw new ScaffoldError(
      `"${name}" is not a connector name: lower-case letters and digits in words joined by "-" (acme-pos)`,
    );
  if (!KINDS.includes(kind as ConnectorKind))
    throw new ScaffoldError(`--kind must be one of ${KINDS.join(", ")} (got "${kind}")`);
  const n = namesOf(name, kind as ConnectorKind, label);
  const map = MAPS[n.kind];
  const at = (file: string) => path.join(root, file);

  const files = {
    [`lib/integrations/connectors/${name}/index.ts`]: connectorSource(n),
    [`lib/integrations/connectors/${name}/spec.ts`]: specSource(n),
    [`e2e/simulators/${name}/server.ts`]: simulatorSource(n),
    [`e2e/conformance/rows/${name}.ts`]: rowSource(n),
  };
  const taken = [
    `lib/integrations/connectors/${name}`,
    `e2e/simulators/${name}`,
    `e2e/conformance/rows/${name}.ts`,
  ].filter((f) => existsSync(at(f)));
  if (taken.length) throw new ScaffoldError(`${name} exists already: ${taken.join(", ")}`);
  const registry = readFileSync(at(REGISTRY), "utf8");
  if (registered(registry, map.registry, name))
    throw new ScaffoldError(`${name} is registered already in ${map.registry}`);

  // Every check passed: write.
  const edited = [REGISTRY, TABLE];
  let nextRegistry = addImport(registry, `import { ${n.camel}Connector } from "./${name}";`);
  nextRegistry = addMember(nextRegistry, map.registry, `${key(name)}: ${n.camel}Connector,`, REGISTRY);
  let nextTable = addImport(readFileSync(at(TABLE), "utf8"), `import { ${n.camel}Row } from "./rows/${name}";`);
  nextTable = addMember(nextTable, map.table, `${key(name)}: ${n.camel}Row,`, TABLE);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(at(file)), { recursive: true });
    writeFileSync(at(file), text);
  }
  writeFileSync(at(REGISTRY), nextRegistry);
  writeFileSync(at(TABLE), nextTable);
  return { names: n, written: Object.keys(files), edited };
}
