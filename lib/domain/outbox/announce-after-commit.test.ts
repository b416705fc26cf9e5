import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const SKIP = new Set(["node_modules", ".next", ".git", "generated", "dist", ".data", "e2e"]);

/** The application's own sources: app, components, lib and scripts, without tests and generated code. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sources(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = ["app", "components", "lib", "scripts", "prisma"].flatMap((dir) => sources(path.join(ROOT, dir)));
const relative = (file: string) => path.relative(ROOT, file);
const calling = (pattern: RegExp) =>
  files
    .filter((file) => pattern.test(readFileSync(file, "utf8")))
    .map(relative)
    .sort();

describe("due work is announced by the transaction that creates it", () => {
  it("reads the sources it checks", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.map(relative)).toContain("lib/domain/callbacks/enqueue-transaction-callback.ts");
  });

  it("only the outbox announces deliveries: no caller does it by hand", () => {
    expect(calling(/\bannounceDeliveries\s*\(/)).toEqual(["lib/domain/outbox/dispatch.ts"]);
  });

  it("the writers of outbox rows register them on their transaction", () => {
    expect(calling(/\bannounceDueDeliveries\s*\(\s*tx\b/)).toEqual([
      "lib/domain/callbacks/enqueue-transaction-callback.ts",
      "lib/domain/callbacks/resend-delivery.ts",
      "lib/domain/callbacks/send-test-callback.ts",
    ]);
  });

  it("every transaction is opened by the helper that flushes after-commit work", () => {
    // expire-transactions.ts runs inside the runners that deliver what it writes (the in-process loop's
    // next step, Inngest's durable announce step), so it needs no announcement of its own.
    expect(calling(/\.\$transaction\s*\(/)).toEqual([
      "lib/base/db/transaction.ts",
      "lib/domain/jobs/expire-transactions.ts",
    ]);
  });
});
