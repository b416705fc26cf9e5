import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** A frame every export of a module must be built with: the function's name and the module it comes from. */
type Frame = { name: string; from: string };

const CONSOLE: Frame = { name: "consoleAction", from: "@/lib/edge/console/console-action" };
/** The customer's payment page: the token is the whole credential, checked before anything is read. */
const PAYMENT: Frame = { name: "paymentAction", from: "@/lib/edge/pay/payment-action" };
/** The sandbox's partner pages: nobody's staff actions, refused while the sandbox is off. */
const SANDBOX: Frame = { name: "sandboxAction", from: "@/lib/edge/sandbox/sandbox-action" };

/** Server actions outside the console, and the frame of each; every other one is a console action. */
const CUSTOMER_FACING: Record<string, Frame> = {
  "app/pay/[token]/actions.ts": PAYMENT,
  "app/sandbox/acquirer/pay/[session]/actions.ts": SANDBOX,
  "app/sandbox/bank/actions.ts": SANDBOX,
  "app/sandbox/gateways/actions.ts": SANDBOX,
};

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
    return (
      !!first &&
      ts.isExpressionStatement(first) &&
      ts.isStringLiteral(first.expression) &&
      first.expression.text === "use server"
    );
  });
}

/** The exports of a module that are not `export const <name> = <frame>(...)`, named for the failure. */
function unframedExports(file: string, frame: Frame): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
  const problems: string[] = [];
  for (const statement of source.statements) {
    const exported =
      ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isExportDeclaration(statement) || ts.isExportAssignment(statement)) {
      problems.push(`${statement.getText(source).slice(0, 60)} (re-exports and default exports are not framed)`);
    } else if (exported && ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        const framed =
          !!init &&
          ts.isCallExpression(init) &&
          ts.isIdentifier(init.expression) &&
          init.expression.text === frame.name;
        if (!framed || !(statement.declarationList.flags & ts.NodeFlags.Const))
          problems.push(declaration.name.getText(source));
      }
    } else if (exported && (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement))) {
      // Types are erased: nothing of them is callable.
    } else if (exported) {
      const name =
        (statement as ts.DeclarationStatement).name?.getText(source) ?? statement.getText(source).slice(0, 40);
      problems.push(name);
    }
  }
  // The name must be the frame itself, not a local function of the same name.
  const imported = source.statements.some(
    (s) =>
      ts.isImportDeclaration(s) &&
      (s.moduleSpecifier as ts.StringLiteral).text === frame.from &&
      new RegExp(`\\b${frame.name}\\b`).test(s.importClause?.getText(source) ?? ""),
  );
  if (!imported) problems.push(`${frame.name} is not imported from ${frame.from}`);
  return problems;
}

describe("server actions", () => {
  const modules = serverActionModules();
  const consoleModules = modules.filter((file) => !(file in CUSTOMER_FACING));
  const framed = modules.map((file) => [file, CUSTOMER_FACING[file] ?? CONSOLE] as const);

  it("are found: every console action file, and the customer-facing ones are exactly the known few", () => {
    expect(consoleModules.length).toBeGreaterThanOrEqual(18);
    // The newest: recording a settlement payment on the Statements page (admins, a money move).
    expect(consoleModules).toContain(path.join("app", "console", "(app)", "statements", "actions.ts"));
    expect(consoleModules.every((file) => file.startsWith("app/console/"))).toBe(true);
    expect(modules.filter((file) => file in CUSTOMER_FACING).sort()).toEqual(Object.keys(CUSTOMER_FACING).sort());
  });

  it.each(framed)("%s exports only actions built with its frame", (file, frame) => {
    expect(unframedExports(file, frame)).toEqual([]);
    expect(readFileSync(path.join(ROOT, file), "utf8")).toMatch(
      new RegExp(`export const \\w+ = ${frame.name}(<[^>]+>)?\\(`),
    );
  });

  it("refuses what is not a frame's result: a plain async export, a re-export, another frame's result", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "actions-"));
    const write = (name: string, body: string) => {
      const file = path.join(dir, name);
      writeFileSync(file, `"use server";\n${body}`);
      return path.relative(ROOT, file);
    };
    const plain = write(
      "plain.ts",
      `import { consoleAction } from "@/lib/edge/console/console-action";\nexport async function doIt() {}\nexport ` +
        `type State = {};\nexport const ok = consoleAction({});`,
    );
    const reexport = write(
      "reexport.ts",
      `import { paymentAction } from "@/lib/edge/pay/payment-action";\nexport { x } from "./x";\nexport const ok = ` +
        `paymentAction(async () => ({}));`,
    );
    const other = write(
      "other.ts",
      `import { consoleAction } from "@/lib/edge/console/console-action";\nexport const ok = consoleAction({});`,
    );
    expect(unframedExports(plain, CONSOLE)).toEqual(["doIt"]);
    expect(unframedExports(reexport, PAYMENT)).toHaveLength(1);
    expect(unframedExports(other, SANDBOX)).toEqual([
      "ok",
      "sandboxAction is not imported from @/lib/edge/sandbox/sandbox-action",
    ]);
  });
});
