import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_NAMES, FILE_VARIANTS } from "./env-schema";

const deployGuide = readFileSync(path.join(import.meta.dirname, "../../../docs/deploy.md"), "utf8");

/** The variables named in the first column of docs/deploy.md's "Configuration" table. */
function documentedVariables(): string[] {
  const section = deployGuide.slice(deployGuide.indexOf("## Configuration\n"));
  const table = section.slice(section.indexOf("| setting | value |"), section.indexOf("\n## "));
  const rows = table.split("\n").filter((line) => line.startsWith("| `"));
  return rows.flatMap((row) => [...row.split(" | ")[0]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
}

describe("docs/deploy.md's configuration table", () => {
  it("names every variable of the schema, and nothing else", () => {
    const documented = documentedVariables();
    expect(documented.length).toBeGreaterThan(0);
    expect([...new Set(documented)].sort()).toEqual([...ENV_NAMES].sort());
    expect(documented.length, "each variable in one row").toBe(new Set(documented).size);
  });

  it("lists every secret that may be given as a file", () => {
    for (const name of FILE_VARIANTS) expect(deployGuide).toContain(`\`${name}\``);
    const fileParagraph = deployGuide.slice(
      deployGuide.indexOf("**Secrets from files.**"),
      deployGuide.indexOf("**What production refuses**"),
    );
    expect(
      [...fileParagraph.matchAll(/`([A-Z][A-Z0-9_]*)`/g)]
        .map((m) => m[1])
        .filter((n) => (FILE_VARIANTS as readonly string[]).includes(n!))
        .sort(),
    ).toEqual([...FILE_VARIANTS].sort());
  });
});
