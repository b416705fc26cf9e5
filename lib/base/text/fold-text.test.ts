import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FOLDED_LETTERS, foldName, foldText } from "./fold-text";

describe("foldText", () => {
  it("folds Turkish letters and case whatever the runtime's locale", () => {
    expect(foldText("AYŞE YILMAZ")).toBe("ayse yilmaz");
    expect(foldText("Ayşe Yılmaz")).toBe("ayse yilmaz");
    expect(foldText("Ayse Yilmaz")).toBe("ayse yilmaz");
    expect(foldText("CAN ÖZTÜRK")).toBe("can ozturk");
    expect(foldText("İĞNECİ ÇAĞLAR")).toBe("igneci caglar");
    expect(foldText("Kâzım Ünal")).toBe("kazim unal");
    // What is not a letter stays: digits, punctuation, the "_" of usernames.
    expect(foldText("User_42@Ex.com")).toBe("user_42@ex.com");
  });

  it("compares names from a statement and from a site as one", () => {
    expect(foldName("  AYSE   YILMAZ ")).toBe(foldName("Ayşe Yılmaz"));
    expect(foldName("CAN OZTURK")).toBe(foldName("Can Öztürk"));
    // A decomposed ş (s + combining cedilla) is composed first.
    expect(foldName("Ays\u0327e")).toBe("ayse");
    expect(foldName("AYSE YILMAZ")).not.toBe(foldName("Ayşe Yılmazer"));
  });

  it("lists the same letters as the migration's search_fold, in the same order", () => {
    const dir = path.resolve(import.meta.dirname, "../../../prisma/migrations");
    const sql = readFileSync(path.join(dir, "20261129120000_search_folding/migration.sql"), "utf8");
    const [, from, to] = /translate\(normalize\(value, NFC\), '([^']*)', '([^']*)'\)/.exec(sql) ?? [];
    expect(from).toBe(FOLDED_LETTERS.map(([letter]) => letter).join(""));
    expect(to).toBe(FOLDED_LETTERS.map(([, base]) => base).join(""));
  });
});
