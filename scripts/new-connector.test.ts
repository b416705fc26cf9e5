import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `npm run new:connector` run for real into a copy of the project's sources: the three kinds scaffolded, the
 * registry and the conformance table edited, and the result type-checked with the project's tsc and settings
 * (the new connector satisfies its port, the new row its table's type). Refusals write nothing.
 */

const project = path.resolve(import.meta.dirname, "..");
const tsx = path.join(project, "node_modules/.bin/tsx");
const tsc = path.join(project, "node_modules/.bin/tsc");
let root = "";

const scaffold = (...args: string[]) =>
  spawnSync(tsx, [path.join(project, "scripts/new-connector.ts"), ...args, "--root", root], {
    encoding: "utf8",
    cwd: project,
  });
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "new-connector-"));
  // Real copies (never links): the scaffold rewrites the registry and the table in place.
  // next-env.d.ts exists only once Next has run (a fresh clone's unit tests come before the build).
  for (const entry of ["lib", "e2e", "tsconfig.json", "next-env.d.ts"].filter((e) => existsSync(path.join(project, e))))
    cpSync(path.join(project, entry), path.join(root, entry), {
      recursive: true,
      filter: (from) => !from.includes(`${path.sep}.`),
    });
  symlinkSync(path.join(project, "node_modules"), path.join(root, "node_modules"));
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("npm run new:connector", () => {
  it("writes each kind's connector, simulator and row, registers it and lists the row; the result compiles", () => {
    for (const [name, kind] of [
      ["acme-pos", "card"],
      ["acme-pay", "gateway"],
      ["acme-bank", "bank"],
    ] as const) {
      const run = scaffold(name, "--kind", kind, "--label", `Acme ${kind}`);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain(`e2e/conformance/rows/${name}.ts`);
      for (const file of [
        `lib/integrations/connectors/${name}/index.ts`,
        `lib/integrations/connectors/${name}/spec.ts`,
        `e2e/simulators/${name}/server.ts`,
        `e2e/conformance/rows/${name}.ts`,
      ])
        expect(existsSync(path.join(root, file)), file).toBe(true);
    }
    const registry = read("lib/integrations/connectors/registry.ts");
    expect(registry).toContain('import { acmePosConnector } from "./acme-pos";');
    expect(registry).toMatch(/CARD_CONNECTORS = instrumentedAll\(\{[^}]*"acme-pos": acmePosConnector,\n\}/);
    expect(registry).toMatch(/GATEWAY_CONNECTORS = instrumentedAll\(\{[^}]*"acme-pay": acmePayConnector,\n\}/);
    expect(registry).toMatch(/BANK_CONNECTORS = instrumentedAll\(\{[^}]*"acme-bank": acmeBankConnector,\n\}/);
    const table = read("e2e/conformance/table.ts");
    expect(table).toMatch(/CARD_ROWS: [^=]+= \{[^}]*"acme-pos": acmePosRow,\n\}/);
    expect(table).toMatch(/GATEWAY_ROWS: [^=]+= \{[^}]*"acme-pay": acmePayRow,\n\}/);
    expect(table).toMatch(/BANK_ROWS: [^=]+= \{[^}]*"acme-bank": acmeBankRow,\n\}/);
    expect(read("e2e/conformance/rows/acme-pos.ts")).toContain('simulator: "e2e/simulators/acme-pos"');
    expect(read("lib/integrations/connectors/acme-pos/spec.ts")).toContain('displayName: "Acme card"');
    expect(read("lib/integrations/connectors/acme-pos/index.ts")).toContain("spec: acmePosSpec,");

    // The project's compiler and settings, over what the scaffold wrote and edited (and all they import).
    const config = {
      extends: "./tsconfig.json",
      compilerOptions: { incremental: false, plugins: [] },
      include: [
        "lib/**/*.d.ts",
        "next-env.d.ts",
        "lib/integrations/connectors/registry.ts",
        "e2e/conformance/table.ts",
        "e2e/conformance/rows/acme-bank.ts",
        "lib/integrations/connectors/acme-*/index.ts",
        "e2e/simulators/acme-*/server.ts",
      ],
    };
    writeFileSync(path.join(root, "tsconfig.scaffold.json"), JSON.stringify(config));
    try {
      execFileSync(tsc, ["--noEmit", "-p", "tsconfig.scaffold.json"], { cwd: root, encoding: "utf8" });
    } catch (error) {
      throw new Error(
        `the scaffolded connectors do not compile:\n${(error as { stdout?: string }).stdout ?? String(error)}`,
      );
    }

    // What is left for a person is named by the compiler: the connectors' names in words, in both dictionaries
    // (keyed by the registry's names), and the kinds the gateway connector serves; nothing else.
    const keyed = [
      "lib/domain/third-party/connector-kinds.ts",
      "lib/edge/i18n/console/en/acquirers.ts",
      "lib/edge/i18n/console/tr/acquirers.ts",
    ];
    writeFileSync(
      path.join(root, "tsconfig.keyed.json"),
      JSON.stringify({ ...config, include: [...config.include, ...keyed] }),
    );
    const left = spawnSync(tsc, ["--noEmit", "-p", "tsconfig.keyed.json"], { cwd: root, encoding: "utf8" });
    const named = [...new Set([...left.stdout.matchAll(/^([^\s(]+)\(\d+,\d+\): error/gm)].map((m) => m[1]))];
    expect(named.sort(), left.stdout).toEqual(keyed);
    for (const name of ["acme-pos", "acme-pay", "acme-bank"]) expect(left.stdout).toContain(`"${name}"`);
    expect(left.stdout).toMatch(/connector-kinds\.ts\(\d+,\d+\): error[^\n]*\n?[^\n]*"acme-pay"/);
  }, 300_000);

  it("refuses a taken name, a bad name or kind, naming the problem, and writes nothing", () => {
    const before = read("lib/integrations/connectors/registry.ts");
    const refusals = [
      [["garanti", "--kind", "card"], "garanti exists already"],
      [["acme-pos", "--kind", "card"], "acme-pos exists already"],
      [["Acme_Pos", "--kind", "card"], '"Acme_Pos" is not a connector name'],
      [["acme-tv", "--kind", "tv"], "--kind must be one of card, gateway, bank"],
      [["acme-tv"], "Usage: npm run new:connector"],
    ] as const;
    for (const [args, message] of refusals) {
      const run = scaffold(...args);
      expect(run.status, args.join(" ")).toBe(2);
      expect(run.stderr).toContain(message);
    }
    expect(read("lib/integrations/connectors/registry.ts")).toBe(before);
    expect(existsSync(path.join(root, "e2e/simulators/acme-tv"))).toBe(false);
  }, 60_000);
});
