import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The shape of lib/ as a test: its folders stand in layers, top to bottom, and an import may run down or
 * sideways within a layer, never up; no folders import each other in a circle. A circle between folders
 * means neither can be read, changed or tested without the other; an import that climbs means the domain
 * knows about HTTP or the console. docs/architecture.md describes the layers.
 */
const LAYERS: Record<string, string[]> = {
  edge: ["http", "auth", "openapi", "admin", "console", "pay", "i18n", "docs", "swr"],
  domain: [
    "approvals", "cards", "eiban", "deposits", "withdrawals", "third-party", "transfers", "jobs", "outbox", "callbacks",
    "transactions", "explorer", "idempotency", "alerts", "audit", "customers", "providers", "dealers", "sites",
    "site-integrations", "users", "bank-accounts", "ops", "accounts", "access", "payment-methods", "schemas", "sdk",
  ],
  integrations: ["bank", "gateways", "sandbox"],
  base: ["db", "crypto", "money", "time", "config", "net", "iban", "csv", "observability", "errors", "crypto-assets", "types"],
};
const ORDER = Object.keys(LAYERS);
/** Generated code (the Prisma client) is nobody's layer: every layer may read the database's types. */
const OUTSIDE = new Set(["generated"]);

const LIB = path.resolve(import.meta.dirname);

type Place = { layer: string; folder: string };

function placeOf(file: string): Place | null {
  const [folder] = path.relative(LIB, file).split(path.sep);
  if (!folder || OUTSIDE.has(folder) || !folder || folder.includes(".")) return null;
  const layer = ORDER.find((name) => LAYERS[name]!.includes(folder));
  return { layer: layer ?? "?", folder };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return OUTSIDE.has(entry.name) && dir === LIB ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** What a file imports inside lib/ (static, re-exported, type-only and dynamic imports alike). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles.flatMap(({ fileName }) => {
    if (fileName.startsWith("@/lib/")) return [path.join(LIB, fileName.slice("@/lib/".length))];
    if (fileName.startsWith(".")) return [path.resolve(path.dirname(file), fileName)];
    return [];
  });
}

type Edge = { from: Place; to: Place; file: string };

function folderEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(LIB)) {
    const from = placeOf(file);
    if (!from) continue;
    for (const target of importsOf(file)) {
      const to = placeOf(target);
      if (to && to.folder !== from.folder) edges.push({ from, to, file: path.relative(LIB, file) });
    }
  }
  return edges;
}

/** Folders on a circle: the strongly connected components of more than one folder (Tarjan). */
function circles(edges: Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!next.has(from.folder)) next.set(from.folder, new Set());
    if (!next.has(to.folder)) next.set(to.folder, new Set());
    next.get(from.folder)!.add(to.folder);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of next.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("lib/ layers", () => {
  const edges = folderEdges();

  it("places every folder of lib/ in a layer", () => {
    const unplaced = [...new Set(sourceFiles(LIB).map(placeOf).filter((p): p is Place => p?.layer === "?").map((p) => p.folder))];
    expect(unplaced).toEqual([]);
  });

  it("has no import circle between folders", () => {
    const found = circles(edges).map((component) => ({
      folders: component,
      imports: edges.filter((e) => component.includes(e.from.folder) && component.includes(e.to.folder)).map((e) => `${e.file} -> ${e.to.folder}`),
    }));
    expect(found).toEqual([]);
  });

  it("never imports from a higher layer", () => {
    const climbing = edges.filter((e) => ORDER.indexOf(e.to.layer) < ORDER.indexOf(e.from.layer)).map((e) => `${e.from.layer}: ${e.file} -> ${e.to.layer}/${e.to.folder}`);
    expect([...new Set(climbing)]).toEqual([]);
  });
});
