import { describe, expect, it } from "vitest";
import { consoleReturnPath } from "./console/lang";
import { pickLang } from "./lang";

describe("pickLang", () => {
  it("lets the cookie decide", () => {
    expect(pickLang("tr", "en-US,en;q=0.9")).toBe("tr");
    expect(pickLang("en", "tr-TR,tr;q=0.9")).toBe("en");
  });

  it("falls back to the browser's preference between Turkish and English", () => {
    expect(pickLang(undefined, "tr-TR,tr;q=0.9,en;q=0.8")).toBe("tr");
    expect(pickLang(undefined, "en-US,en;q=0.9")).toBe("en");
    expect(pickLang(undefined, "de-DE,tr;q=0.5")).toBe("tr");
    expect(pickLang(undefined, "en;q=0.4,tr;q=0.8")).toBe("tr");
    expect(pickLang(undefined, "tr;q=0,en")).toBe("en");
  });

  it("honours q-values on payment pages and in the console alike (one picker)", () => {
    expect(pickLang(undefined, "en;q=0.1, tr")).toBe("tr");
    expect(pickLang(null, "en;q=0.1, tr")).toBe("tr");
  });

  it("lets ?lang= or the cookie decide over the browser", () => {
    expect(pickLang("en", "en;q=0.1, tr")).toBe("en");
  });

  it("is English without a usable cookie or header", () => {
    expect(pickLang("de", null)).toBe("en");
    expect(pickLang(undefined, "")).toBe("en");
    expect(pickLang(undefined, "fr-FR,de;q=0.9")).toBe("en");
  });
});

describe("consoleReturnPath", () => {
  it("keeps console paths with their filters", () => {
    expect(consoleReturnPath("/console")).toBe("/console");
    expect(consoleReturnPath("/console/transactions?q=abc&page=2")).toBe("/console/transactions?q=abc&page=2");
    expect(consoleReturnPath("/console/login")).toBe("/console/login");
  });

  it("sends anything else to the overview", () => {
    for (const bad of [
      "//evil.example/console",
      "/\\evil.example",
      "https://evil.example/console",
      "/consoleX",
      "/pay/abc",
      "/console/../api",
      "/console//x",
      null,
      3,
    ]) {
      expect(consoleReturnPath(bad)).toBe("/console");
    }
  });
});
