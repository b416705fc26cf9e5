import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { THIRD_PARTY_KINDS } from "@/lib/domain/payment-methods";
import { methodsTable, signingTable, withGuideTables } from "./guide-tables";

describe("docs/integration.md's generated tables", () => {
  it("are the rendering of the registry and the contracts (run npm run docs:guide after changing them)", () => {
    const guide = readFileSync("docs/integration.md", "utf8");
    expect(guide).toBe(withGuideTables(guide));
  });

  it("list every third-party kind's endpoints, and every endpoint once under its formula", () => {
    const signing = signingTable();
    for (const kind of THIRD_PARTY_KINDS) {
      expect(signing).toContain(`third-party/${kind}/gateways`);
      expect(signing).toContain(`third-party/${kind}/start-withdrawal`);
    }
    expect(signing).toMatch(/^\| welcome, credit-card\/payment, .* \| H\(api_key \+ secret_key \+ timestamp\) \|$/m);
    expect(signing).toContain("| sites | H(api_key + secret_key + key + timestamp), key = the value of `X-Key` |");
    expect(methodsTable()).toContain(
      `| Third-party ${THIRD_PARTY_KINDS.join(", ")} | third-party/{${THIRD_PARTY_KINDS.join(",")}}/start-deposit |`,
    );
    expect(methodsTable()).toContain("| Manual bank | start-manual-deposit / start-manual-withdraw |");
  });
});
