import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * A transaction's status moves only through the guarded transition (lock, lifecycle table, actor), and only
 * the domain calls it: a page, a route, the console's helpers or a connector that imported it would be a
 * caller deciding a lifecycle step on its own. The customer's own actions on the payment page live in
 * lib/domain/customers for that reason. Tests may call it directly.
 */
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const GUARDED = ["@/lib/domain/transactions/transition-transaction"];
const OUTSIDE_DOMAIN = ["app", "components", "scripts", "lib/edge", "lib/api", "lib/integrations", "lib/base"];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" || entry.name === "node_modules" ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("lifecycle writes", () => {
  it("are imported by no file outside lib/domain", () => {
    const callers = OUTSIDE_DOMAIN.flatMap((dir) => sources(path.join(ROOT, dir))).filter((file) =>
      ts
        .preProcessFile(readFileSync(file, "utf8"), true, true)
        .importedFiles.some(({ fileName }) => GUARDED.includes(fileName)),
    );
    expect(callers.map((file) => path.relative(ROOT, file))).toEqual([]);
  });

  it("are found by this check where they are imported (it reads the domain's own callers)", () => {
    const domain = sources(path.join(ROOT, "lib", "domain"));
    const callers = domain.filter((file) =>
      ts
        .preProcessFile(readFileSync(file, "utf8"), true, true)
        .importedFiles.some(({ fileName }) => GUARDED.includes(fileName)),
    );
    expect(callers.map((file) => path.relative(ROOT, file))).toContain("lib/domain/customers/customer-actions.ts");
  });
});
