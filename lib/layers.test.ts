import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The shape of lib/ as a test: lib/<layer>/<folder>, the layers top to bottom as ORDER names them. An
 * import may run down, or sideways within a layer, never up; no folders import each other in a circle. A
 * circle between folders means neither can be read, changed or tested without the other; an import that
 * climbs means the domain knows about HTTP (the api layer's bodies) or the console. docs/architecture.md describes the
 * layers.
 */
const ORDER = [
  /** What callers reach: route wrappers, request authentication, OpenAPI, console helpers and words, CLI, pay page. */
  "edge",
  /** The HTTP API's own: endpoint contracts, request and response schemas, presenters (the bodies) and the SDK. */
  "api",
  /** Payment methods, transactions, transfers, callbacks, jobs, accounts: results, never an HTTP body. */
  "domain",
  /** The bank, the card acquirer and gateways as reached over HTTP, and the sandbox that plays them. */
  "integrations",
  /** Database, crypto, money, time, configuration, network rules, errors. */
  "base",
];
/** Generated code (the Prisma client) is nobody's layer: every layer may read the database's types. */
const OUTSIDE = new Set(["generated"]);

const LIB = path.resolve(import.meta.dirname);

type Place = { layer: string; folder: string };

function placeOf(file: string): Place | null {
  const [layer, folder] = path.relative(LIB, file).split(path.sep);
  if (!layer || OUTSIDE.has(layer) || layer.includes(".")) return null;
  return { layer, folder: `${layer}/${folder}` };
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

  it("keeps every folder of lib/ in a layer", () => {
    const layers = readdirSync(LIB, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !OUTSIDE.has(e.name))
      .map((e) => e.name);
    expect(layers.sort()).toEqual([...ORDER].sort());
    const loose = sourceFiles(LIB).filter((file) => path.relative(LIB, file).split(path.sep).length < 3);
    expect(loose.map((file) => path.relative(LIB, file))).toEqual([]);
  });

  it("has no import circle between folders", () => {
    const found = circles(edges).map((component) => ({
      folders: component,
      imports: edges
        .filter((e) => component.includes(e.from.folder) && component.includes(e.to.folder))
        .map((e) => `${e.file} -> ${e.to.folder}`),
    }));
    expect(found).toEqual([]);
  });

  it(
    "has no file, its tests included, that reaches into e2e/ (tests that need a simulator or the route files live " +
      "there)",
    () => {
      const all = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) return entry.name === "generated" && dir === LIB ? [] : all(full);
          return /\.tsx?$/.test(entry.name) ? [full] : [];
        });
      const E2E = path.resolve(LIB, "..", "e2e");
      const reaching = all(LIB).filter((file) =>
        ts
          .preProcessFile(readFileSync(file, "utf8"), true, true)
          .importedFiles.some(
            ({ fileName }) =>
              fileName.startsWith("@/e2e/") ||
              (fileName.startsWith(".") && path.resolve(path.dirname(file), fileName).startsWith(E2E)),
          ),
      );
      expect(reaching.map((file) => path.relative(LIB, file))).toEqual([]);
    },
  );

  it("never imports from a higher layer", () => {
    const climbing = edges
      .filter((e) => ORDER.indexOf(e.to.layer) < ORDER.indexOf(e.from.layer))
      .map((e) => `${e.file} -> ${e.to.folder}`);
    expect([...new Set(climbing)]).toEqual([]);
  });
});
