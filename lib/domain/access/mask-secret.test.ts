import { describe, expect, it } from "vitest";
import { maskSecret } from "./mask-secret";

describe("maskSecret", () => {
  it("keeps the prefix and the last four characters only", () => {
    expect(maskSecret("sk_abcdefghijklmnopqrstuvwxyz0123456789")).toBe("sk_••••••••6789");
    expect(maskSecret("nokeyprefix1234")).toBe("••••••••1234");
  });
});
