import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * components/ holds what any page may show (fields, panels, tables); the routes under app/ hold their own
 * server actions and the client components that call them, beside each other. An import from components/
 * into app/ is an arrow pointing up: a shared piece that knows one page's actions. Each such component
 * belongs under its route (a private `_components` folder) instead. docs/architecture.md describes this.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const COMPONENTS = path.join(ROOT, "components");
const APP = path.join(ROOT, "app");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Where an import lands, for the alias and relative forms; packages land nowhere of ours. */
function target(file: string, specifier: string): string | null {
  if (specifier.startsWith("@/")) return path.join(ROOT, specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(file), specifier);
  return null;
}

/** Every import of a file under components/ that reaches into app/ (static, type-only and dynamic alike). */
export function importsIntoApp(files: { file: string; source: string }[]): string[] {
  return files.flatMap(({ file, source }) =>
    ts
      .preProcessFile(source, true, true)
      .importedFiles.filter(({ fileName }) => {
        const to = target(file, fileName);
        return to !== null && (to === APP || to.startsWith(APP + path.sep));
      })
      .map(({ fileName }) => `${path.relative(ROOT, file)} -> ${fileName}`),
  );
}

describe("components/", () => {
  it("never imports from app/ (a component that calls a route's actions lives beside them)", () => {
    const files = sourceFiles(COMPONENTS).map((file) => ({ file, source: readFileSync(file, "utf8") }));
    expect(files.length).toBeGreaterThan(20);
    expect(importsIntoApp(files)).toEqual([]);
  });

  it("recognises both the alias and a relative path into app/", () => {
    const file = path.join(COMPONENTS, "console", "x.tsx");
    const found = importsIntoApp([
      {
        file,
        source:
          'import { a } from "@/app/console/(app)/approvals/actions";\nimport { b } from ' +
          '"../../app/pay/[token]/actions";\nimport { c } from "@/components/ui/text-field";',
      },
    ]);
    expect(found).toHaveLength(2);
  });
});
