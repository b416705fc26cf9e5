import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { playwrightCounts } from "./reports";

describe("Playwright report", () => {
  it("names every error of a failed test with the line it stopped at, so a timeout says which call waited", () => {
    const file = join(mkdtempSync(join(tmpdir(), "report-")), "e2e.json");
    const spec = join(process.cwd(), "e2e/browser/a.spec.ts");
    writeFileSync(
      file,
      JSON.stringify({
        stats: { expected: 4, unexpected: 1, flaky: 0 },
        suites: [
          {
            title: "a.spec.ts",
            file: "a.spec.ts",
            specs: [
              { title: "passes", ok: true, tests: [{ results: [{ errors: [] }] }] },
              {
                title: "waits",
                ok: false,
                tests: [
                  {
                    results: [
                      {
                        errors: [
                          { message: "Test timeout of 150000ms exceeded." },
                          {
                            message: "Error: page.waitForURL: Test timeout of 150000ms exceeded.\n=== logs ===",
                            location: { file: spec, line: 688 },
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    expect(playwrightCounts(file)()).toEqual({
      passed: 4,
      failed: 1,
      failures: [
        "a.spec.ts > waits\n          Test timeout of 150000ms exceeded.\n          " +
          "Error: page.waitForURL: Test timeout of 150000ms exceeded. (e2e/browser/a.spec.ts:688)",
      ],
    });
  });
});
