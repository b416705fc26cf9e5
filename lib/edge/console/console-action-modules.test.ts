import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/**
 * Server actions outside the console: the customer's payment page (the token is the whole credential) and
 * the sandbox's partner pages. They are not staff actions, so they are not framed; everything else is.
 */
const CUSTOMER_FACING = ["app/pay/[token]/actions.ts", "app/sandbox/acquirer/pay/[session]/actions.ts", "app/sandbox/bank/actions.ts", "app/sandbox/gateways/actions.ts"];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "generated" ? [] : sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/** Every module that is a "use server" file (the directive first), where Next makes each export callable by anyone. */
function serverActionModules(): string[] {
  return ["app", "lib", "components"].flatMap(sourceFiles).filter((file) => {
    const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest);
    const first = source.statements[0];
    return !!first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression) && first.expression.text === "use server";
  });
}

/** The exports of a module that are not `export const <name> = consoleAction({...})`, named for the failure. */
function unframedExports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
  const problems: string[] = [];
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isExportDeclaration(statement) || ts.isExportAssignment(statement)) {
      problems.push(`${statement.getText(source).slice(0, 60)} (re-exports and default exports are not framed)`);
    } else if (exported && ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        const framed = !!init && ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === "consoleAction";
        if (!framed || !(statement.declarationList.flags & ts.NodeFlags.Const)) problems.push(declaration.name.getText(source));
      }
    } else if (exported) {
      const name = (statement as ts.DeclarationStatement).name?.getText(source) ?? statement.getText(source).slice(0, 40);
      problems.push(name);
    }
  }
  // The name must be the frame itself, not a local function of the same name.
  const imported = source.statements.some(
    (s) => ts.isImportDeclaration(s) && (s.moduleSpecifier as ts.StringLiteral).text === "@/lib/edge/console/console-action" && /\bconsoleAction\b/.test(s.importClause?.getText(source) ?? ""),
  );
  if (!imported) problems.push("consoleAction is not imported from @/lib/edge/console/console-action");
  return problems;
}

describe("console server actions", () => {
  const modules = serverActionModules();
  const consoleModules = modules.filter((file) => !CUSTOMER_FACING.includes(file));

  it("are found: every console action file, and the customer-facing ones are exactly the known few", () => {
    expect(consoleModules.length).toBeGreaterThanOrEqual(13);
    expect(consoleModules.every((file) => file.startsWith("app/console/"))).toBe(true);
    expect(modules.filter((file) => CUSTOMER_FACING.includes(file)).sort()).toEqual([...CUSTOMER_FACING].sort());
  });

  it.each(consoleModules)("%s exports only actions built with consoleAction", (file) => {
    expect(unframedExports(file)).toEqual([]);
    expect(readFileSync(path.join(ROOT, file), "utf8")).toMatch(/export const \w+ = consoleAction\(/);
  });
});
