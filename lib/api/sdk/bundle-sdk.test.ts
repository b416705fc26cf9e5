import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { bundleSdk } from "./bundle-sdk";

describe("the downloadable SDK file", () => {
  it("is one self-contained TypeScript module that type-checks strictly on its own", async () => {
    const source = await bundleSdk("test");
    expect(source).not.toMatch(/^import .* from "(@\/|zod|\.\/)/m);
    expect(source).toContain("export class ProviderClient");
    expect(source).toContain("export class DealerClient");
    expect(source).toContain("export function verifyCallback");
    const dir = mkdtempSync(path.join(tmpdir(), "sdk-bundle-"));
    try {
      const file = path.join(dir, "payment-sdk.ts");
      writeFileSync(file, source);
      // A consumer that relies on the generated types: a wrong field must fail, the right ones pass.
      writeFileSync(
        path.join(dir, "use.ts"),
        [
          'import { ProviderClient } from "./payment-sdk";',
          'const client = new ProviderClient({ baseUrl: "http://127.0.0.1", apiKey: "k", secretKey: "s" });',
          'export const ok = client.startManualDeposit("ck", { fullname: "A", username: "a", user_id: "u", amount: ' +
            "10 }).then((r) => (r.ok ? r.data.data.tracking_code : r.error.message));",
          "// @ts-expect-error amount is a number",
          'export const bad = client.startManualDeposit("ck", { fullname: "A", username: "a", user_id: "u", amount: ' +
            '"10" });',
        ].join("\n"),
      );
      const program = ts.createProgram([file, path.join(dir, "use.ts")], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
        types: ["node"],
        typeRoots: [path.join(process.cwd(), "node_modules", "@types")],
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      expect(problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
