import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { SEALED_COLUMNS } from "./sealed-columns";

/**
 * The registry of sealed columns is complete: a secret sealed anywhere else would be left behind by
 * `secrets:reencrypt`, unseen by the start-up check, and unreadable once the old key is removed.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");

/**
 * JSON columns that hold no sealed value, and why. A new JSON column is either sealed (a registry entry) or
 * listed here: nothing is left undecided.
 */
const PLAIN_JSON = {
  "transactions.account_details": "the customer's withdrawal account as the provider sent it",
  "transactions.gateway_details": "what the gateway answered about the order (its reference, addresses)",
  "transaction_events.note_params": "a history note's parameters",
  "callback_deliveries.payload": "the callback body, signed when sent, never a secret",
  "callback_attempts.request_headers": "the headers sent (the signature, never the secret)",
  "audit_log.before": "audit snapshots carry no secret (record-audit.ts)",
  "audit_log.after": "audit snapshots carry no secret (record-audit.ts)",
  "alerts.message_params": "an alert's note parameters",
  "alerts.details": "what a partner reported",
  "recon_discrepancies.ours": "our record's summary beside a reconciliation discrepancy (no secret)",
  "recon_discrepancies.theirs": "the partner's record as its report listed it",
  "idempotency_records.response_body": "the stored answer replayed for an Idempotency-Key",
  "sandbox_gateway_orders.details": "the sandbox gateway's copy of an order",
  "card_attempts.checkout":
    "the acquirer's checkout step for the customer's browser (a form, markup or a frame address)",
} as const;

/** The only places that may call the keyring's sealing primitives, and the only file that may build a cipher. */
const PRIMITIVE_CALLERS: Record<string, readonly string[]> = {
  encryptSecret: ["lib/base/crypto/secret-box.ts", "lib/base/crypto/sealed-columns.ts"],
  resealSecret: ["lib/base/crypto/secret-box.ts", "lib/domain/ops/reencrypt-secrets.ts"],
  createCipheriv: ["lib/base/crypto/secret-box.ts"],
};

type SchemaColumn = { table: string; column: string; type: string; optional: boolean };

/** Every column of prisma/schema.prisma as the database names it (`@map`, `@@map`). */
function schemaColumns(): SchemaColumn[] {
  const schema = readFileSync(path.join(ROOT, "prisma/schema.prisma"), "utf8");
  // Scalars and enums are columns; a field of a model's type is a relation.
  const types = new Set([
    "String",
    "Int",
    "BigInt",
    "Float",
    "Decimal",
    "Boolean",
    "DateTime",
    "Json",
    "Bytes",
    ...[...schema.matchAll(/^enum (\w+)/gm)].map((m) => m[1]!),
  ]);
  const columns: SchemaColumn[] = [];
  for (const [, body] of schema.matchAll(/^model \w+ \{\n([\s\S]*?)^\}/gm)) {
    const table = /@@map\("([^"]+)"\)/.exec(body!)?.[1];
    if (!table) continue;
    for (const line of body!.split("\n")) {
      const field = /^\s+(\w+)\s+(\w+)(\??)(\[\])?\s*(.*)$/.exec(line);
      if (!field || line.trim().startsWith("//") || line.trim().startsWith("@@")) continue;
      const [, name, type, optional, list, rest] = field;
      if (list || !types.has(type!)) continue;
      columns.push({
        table,
        column: /@map\("([^"]+)"\)/.exec(rest!)?.[1] ?? name!,
        type: type!,
        optional: optional === "?",
      });
    }
  }
  return columns;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "generated" || entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every call of the named functions in the project's own source (tests excepted): file and callee. */
function callsOf(names: readonly string[]): { file: string; name: string }[] {
  const found: { file: string; name: string }[] = [];
  for (const file of ["lib", "app", "components", "scripts", "prisma"].flatMap((dir) =>
    sourceFiles(path.join(ROOT, dir)),
  )) {
    const text = readFileSync(file, "utf8");
    if (!names.some((name) => text.includes(name))) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const callee = ts.isPropertyAccessExpression(node.expression)
          ? node.expression.name.text
          : ts.isIdentifier(node.expression)
            ? node.expression.text
            : null;
        if (callee && names.includes(callee)) found.push({ file: path.relative(ROOT, file), name: callee });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe("the registry of sealed columns (lib/base/crypto/sealed-columns.ts)", () => {
  const columns = schemaColumns();
  const registered = new Map(Object.values(SEALED_COLUMNS).map((c) => [`${c.table}.${c.column}`, c]));

  it("reads the schema it checks", () => {
    expect(columns.length).toBeGreaterThan(100);
    expect(columns).toContainEqual({ table: "dealer_acquirers", column: "config", type: "Json", optional: false });
  });

  it("names every *_enc column of the schema as a sealed value", () => {
    const missing = columns.filter(
      (c) => c.column.endsWith("_enc") && registered.get(`${c.table}.${c.column}`)?.holds !== "value",
    );
    expect(missing.map((c) => `${c.table}.${c.column}`)).toEqual([]);
  });

  it("decides every JSON column: a sealed connector configuration (registered) or plain (PLAIN_JSON, with why)", () => {
    const undecided = columns
      .filter((c) => c.type === "Json")
      .map((c) => `${c.table}.${c.column}`)
      .filter((name) => registered.get(name)?.holds !== "config" && !(name in PLAIN_JSON));
    expect(undecided).toEqual([]);
    // Today's connector configurations, which a key rotation once left behind, are among them.
    for (const name of [
      "dealer_acquirers.config",
      "eiban_wallets.connector_config",
      "gateways.config",
      "gateways.previous_config",
    ]) {
      expect(registered.get(name)?.holds, name).toBe("config");
    }
  });

  it("has no entry the schema lacks, each of the right type, keyed by a column of its table", () => {
    for (const [name, entry] of Object.entries(SEALED_COLUMNS)) {
      const column = columns.find((c) => c.table === entry.table && c.column === entry.column);
      expect(column, name).toBeDefined();
      expect(name).toBe(`${entry.table}.${entry.column}`);
      expect(column!.type, name).toBe(entry.holds === "value" ? "String" : "Json");
      expect(
        columns.some((c) => c.table === entry.table && c.column === entry.key && c.type === "Int"),
        `${name}: key ${entry.key}`,
      ).toBe(true);
    }
    for (const name of Object.keys(PLAIN_JSON))
      expect(
        columns.some((c) => `${c.table}.${c.column}` === name && c.type === "Json"),
        name,
      ).toBe(true);
  });

  it("is the only way to seal: the keyring's primitives are called nowhere else", () => {
    const outside = callsOf(Object.keys(PRIMITIVE_CALLERS)).filter(
      ({ file, name }) => !PRIMITIVE_CALLERS[name]!.includes(file),
    );
    expect(outside).toEqual([]);
    // The seals that do exist go through the registry's doors, each naming its column.
    const doors = callsOf(["sealSecret", "sealConfig", "sealConfigKeepingSecrets"]);
    expect(doors.length).toBeGreaterThan(5);
    expect(doors.map((d) => d.file)).toContain("lib/domain/cards/dealer-acquirer.ts");
  });
});
