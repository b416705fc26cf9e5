import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const JOBS = import.meta.dirname;

/** The names a module imports from the job registry, and whether it runs every entry of HOUSEKEEPING_TASKS. */
function readsRegistry(file: string): { imports: boolean; runsEach: boolean } {
  const source = ts.createSourceFile(file, readFileSync(path.join(JOBS, file), "utf8"), ts.ScriptTarget.Latest, true);
  const imports = source.statements.some(
    (s) =>
      ts.isImportDeclaration(s) &&
      /(^|\/)housekeeping$/.test((s.moduleSpecifier as ts.StringLiteral).text) &&
      /\bHOUSEKEEPING_TASKS\b/.test(s.importClause?.getText(source) ?? ""),
  );
  let runsEach = false;
  // Each entry run directly, through its per-slot claim, or the whole list handed to the claimed round.
  const runsTask = /\btask\.run\(|\brunTaskOncePerSlot\([^)]*\btask\b/;
  const visit = (node: ts.Node) => {
    if (
      ts.isForOfStatement(node) &&
      node.expression.getText(source) === "HOUSEKEEPING_TASKS" &&
      runsTask.test(node.statement.getText(source))
    )
      runsEach = true;
    if (
      ts.isCallExpression(node) &&
      node.expression.getText(source) === "runHousekeepingRound" &&
      node.arguments.some((a) => a.getText(source) === "HOUSEKEEPING_TASKS")
    )
      runsEach = true;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports, runsEach };
}

/** Every module of the job folder that declares a list of periodic tasks of its own. */
function otherTaskLists(): string[] {
  const files = ["in-process-runner.ts", "functions/sweep.ts", "functions/index.ts", "housekeeping.ts"];
  return files.filter(
    (file) =>
      file !== "housekeeping.ts" &&
      /HousekeepingTask\[\]|:\s*\{\s*id:\s*string;\s*run/.test(readFileSync(path.join(JOBS, file), "utf8")),
  );
}

describe("the job registry", () => {
  it("is the one list both job engines run: the in-process runner and the Inngest sweep each run every entry", () => {
    expect(readsRegistry("in-process-runner.ts")).toEqual({ imports: true, runsEach: true });
    expect(readsRegistry("functions/sweep.ts")).toEqual({ imports: true, runsEach: true });
    expect(otherTaskLists()).toEqual([]);
  });

  it(
    "runs each task of a round through its claim: the round passes every task it is given to runTaskOncePerSlot, " +
      "which runs it",
    () => {
      const round = readFileSync(path.join(JOBS, "housekeeping-round.ts"), "utf8");
      expect(round).toMatch(/for \(const task of tasks\)[^}]*runTaskOncePerSlot\(db, task,/);
      expect(round).toMatch(/export async function runTaskOncePerSlot[\s\S]*?\(\) => task\.run\(now\)/);
    },
  );

  it("names each task once (the id is its Inngest step's)", () => {
    const source = readFileSync(path.join(JOBS, "housekeeping.ts"), "utf8");
    const ids = [...source.matchAll(/\{ id: "([a-z-]+)", run:/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
