import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { sourceMapResolver } from "./profile-sources";

const root = mkdtempSync(path.join(tmpdir(), "profile-sources-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A minified chunk of two modules, one ours and one a package's, with its source map, as a build writes them. */
async function chunk(): Promise<{ file: string; text: string }> {
  mkdirSync(path.join(root, "lib"), { recursive: true });
  mkdirSync(path.join(root, "node_modules/zod"), { recursive: true });
  writeFileSync(path.join(root, "lib/ours.ts"), `export function ours() {\n  return "OURS" + Math.random();\n}\n`);
  writeFileSync(
    path.join(root, "node_modules/zod/index.js"),
    `export function parse() { return "ZOD" + Math.random(); }\n`,
  );
  writeFileSync(
    path.join(root, "lib/entry.ts"),
    `import { ours } from "./ours";\nimport { parse } from "zod";\nexport { ours, parse };\n`,
  );
  const file = path.join(root, ".next/server/chunks/route.js");
  const out = await build({
    absWorkingDir: root,
    entryPoints: ["lib/entry.ts"],
    outfile: file,
    bundle: true,
    minify: true,
    format: "esm",
    sourcemap: "linked",
    write: true,
    logLevel: "silent",
  });
  expect(out.errors).toEqual([]);
  return { file, text: readFileSync(file, "utf8") };
}

/** The 0-based line and column of `needle` in `text`, as a profile's call frame gives a position. */
function positionOf(text: string, needle: string): { lineNumber: number; columnNumber: number } {
  const at = text.indexOf(needle);
  expect(at).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, at).split("\n");
  return { lineNumber: before.length - 1, columnNumber: before.at(-1)!.length };
}

describe("the source of a bundled function", () => {
  it("is the module its position maps to in the chunk's source map", async () => {
    const { file, text } = await chunk();
    const resolve = sourceMapResolver(root);
    const url = `file://${file}`;
    expect(resolve({ url, ...positionOf(text, '"OURS"') })).toEqual({ file: "lib/ours.ts", line: 1 });
    expect(resolve({ url, ...positionOf(text, '"ZOD"') })?.file).toBe("node_modules/zod/index.js");
  });

  it("is unknown outside the project's bundles, and for a bundle without a map", () => {
    const resolve = sourceMapResolver(root);
    expect(resolve({ url: `file://${root}/node_modules/zod/index.js`, lineNumber: 0 })).toBeNull();
    expect(resolve({ url: "node:internal/streams/readable", lineNumber: 0 })).toBeNull();
    mkdirSync(path.join(root, "dist"), { recursive: true });
    writeFileSync(path.join(root, "dist/server.js"), "x");
    expect(resolve({ url: `file://${root}/dist/server.js`, lineNumber: 0 })).toBeNull();
  });
});
