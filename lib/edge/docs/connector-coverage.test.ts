import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { coverageTable, withCoverageTable } from "./connector-coverage";

describe("docs/connectors.md's coverage table", () => {
  it("is the rendering of the connectors' specifications (run npm run docs:connectors after changing one)", () => {
    const doc = readFileSync("docs/connectors.md", "utf8");
    expect(doc).toBe(withCoverageTable(doc));
  });

  it("has a row per registered connector, with its status and reconciliation", () => {
    const table = coverageTable();
    expect(table).toContain(
      "| `est-v3` | card | EST 3D Pay Hosting (Payten/Asseco) | 3D_PAY_HOSTING: a signed form posted to the " +
        "bank's 3-D gate | simulated | 3-D hosted payment, status inquiry, refund, refund inquiry | **per order**: " +
        "ORDERHISTORY of each order of the day (the public XML API lists no period) |",
    );
    expect(table).toMatch(/^\| `sandbox-card` \| card \| [^|]+ \| [^|]+ \| sandbox \|/m);
    expect(table).toMatch(/^\| `papara` \| gateway \| [^|]+ \| wallet gateways \|/m);
    expect(table).toMatch(/^\| `http-partner` \| bank \| [^|]+ \| E-IBAN accounts \|/m);
  });
});
