import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The domain answers with results; the API's bodies (`{ success, message, data, timestamp }`) are built by the
 * presenters in lib/api/presenters, which the routes call after the domain. A domain file that writes a
 * `success` field, or reads the api layer's schemas to type its result, is building an HTTP body again.
 */
const DOMAIN = path.resolve(import.meta.dirname);
const LIB = path.dirname(DOMAIN);

/**
 * The callbacks the service sends are not answers to a request: their bodies are outbox payloads, stored and
 * signed with the delivery row (docs/callbacks.md), and the dealer card callback's documented body has a
 * `success` field. They stay in the callbacks domain.
 */
const CALLBACK_PAYLOADS = ["callbacks/callback-payload.ts", "callbacks/send-test-callback.ts"];

function domainFiles(dir = DOMAIN): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return domainFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The lines of object literals in a file with a `success` field: a value, not a table entry keyed by the card
 * status "success" (whose value is an object, as in the payment-methods' status table).
 */
function successFields(file: string): number[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties) {
        const name = (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) && property.name;
        const table = ts.isPropertyAssignment(property) && ts.isObjectLiteralExpression(property.initializer);
        if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) && name.text === "success" && !table) {
          lines.push(source.getLineAndCharacterOfPosition(property.getStart()).line + 1);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

function importsApi(file: string): boolean {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles.some(({ fileName }) => {
    if (fileName.startsWith("@/lib/api/") || fileName === "@/lib/api") return true;
    return (
      fileName.startsWith(".") &&
      path.relative(LIB, path.resolve(path.dirname(file), fileName)).split(path.sep)[0] === "api"
    );
  });
}

// Parsing every domain file with the TypeScript compiler takes seconds on a loaded machine.
describe("the domain builds no HTTP body", { timeout: 60_000 }, () => {
  const files = domainFiles();

  it("has no object literal with a success field outside the callback payloads", () => {
    expect(files.length).toBeGreaterThan(100);
    const found = files
      .filter((file) => !CALLBACK_PAYLOADS.includes(path.relative(DOMAIN, file)))
      .flatMap((file) => successFields(file).map((line) => `${path.relative(DOMAIN, file)}:${line}`));
    expect(found).toEqual([]);
  });

  it("keeps the callback exceptions true: each still writes a callback's success field", () => {
    for (const file of CALLBACK_PAYLOADS)
      expect(successFields(path.join(DOMAIN, file)).length, file).toBeGreaterThan(0);
  });

  it("imports nothing from lib/api (contracts, response schemas, presenters, the SDK)", () => {
    expect(files.filter(importsApi).map((file) => path.relative(DOMAIN, file))).toEqual([]);
  });
});
