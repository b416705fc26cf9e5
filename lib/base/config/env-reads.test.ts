import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_NAMES } from "./env-schema";

const ROOT = path.join(import.meta.dirname, "../../..");
/** Read outside the configuration on purpose: Next's own phase flags, and the developer tools' knobs. */
const NOT_SETTINGS =
  /^(NEXT_RUNTIME|NEXT_PHASE|BENCH_[A-Z_]+|MINUTES|HEAP_NODE_ARGS|CHROMIUM_PATH|PRISMA_SCHEMA_ENGINE_BINARY)$/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === "generated" || name === "node_modules") return [];
    return statSync(full).isDirectory()
      ? sources(full)
      : /\.(tsx?|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name)
        ? [full]
        : [];
  });
}

describe("the configuration's schema (env-schema.ts)", () => {
  it("has every environment variable the app, its server and its scripts read", () => {
    const files = [
      ...["app", "lib", "scripts"].flatMap((d) => sources(path.join(ROOT, d))),
      path.join(ROOT, "proxy.ts"),
      path.join(ROOT, "instrumentation.ts"),
    ];
    const unknown: string[] = [];
    for (const file of files) {
      for (const m of readFileSync(file, "utf8").matchAll(
        /process\.env\.([A-Z][A-Z0-9_]*)|process\.env\[["']([A-Z][A-Z0-9_]*)["']\]/g,
      )) {
        const name = (m[1] ?? m[2])!;
        if (!(ENV_NAMES as readonly string[]).includes(name) && !NOT_SETTINGS.test(name))
          unknown.push(`${name} (${path.relative(ROOT, file)})`);
      }
    }
    expect(files.length).toBeGreaterThan(100);
    expect(unknown).toEqual([]);
  });
});
