import { describe, expect, it } from "vitest";
import { en } from "./pay/en";
import { tr } from "./pay/tr";

describe("a sentence ending in a company's name", () => {
  it("has one full stop, whether or not the name ends with one", () => {
    expect(en.operatedBy("Demo Eğlence A.Ş.")).toBe("Operated by Demo Eğlence A.Ş.");
    expect(tr.operatedBy("Demo Eğlence A.Ş.")).toBe("İşleten: Demo Eğlence A.Ş.");
    expect(en.operatedBy("Demo Ltd")).toBe("Operated by Demo Ltd.");
    expect(tr.operatedBy("Demo Ltd")).toBe("İşleten: Demo Ltd.");
  });
});
