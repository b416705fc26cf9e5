import { describe, expect, it } from "vitest";
import { consoleReturnPath, pickConsoleLang } from "./lang";

describe("pickConsoleLang", () => {
  it("lets the cookie decide", () => {
    expect(pickConsoleLang("tr", "en-US,en;q=0.9")).toBe("tr");
    expect(pickConsoleLang("en", "tr-TR,tr;q=0.9")).toBe("en");
  });

  it("falls back to the browser's preference between Turkish and English", () => {
    expect(pickConsoleLang(undefined, "tr-TR,tr;q=0.9,en;q=0.8")).toBe("tr");
    expect(pickConsoleLang(undefined, "en-US,en;q=0.9")).toBe("en");
    expect(pickConsoleLang(undefined, "de-DE,tr;q=0.5")).toBe("tr");
    expect(pickConsoleLang(undefined, "en;q=0.4,tr;q=0.8")).toBe("tr");
    expect(pickConsoleLang(undefined, "tr;q=0,en")).toBe("en");
  });

  it("is English without a usable cookie or header", () => {
    expect(pickConsoleLang("de", null)).toBe("en");
    expect(pickConsoleLang(undefined, "")).toBe("en");
    expect(pickConsoleLang(undefined, "fr-FR,de;q=0.9")).toBe("en");
  });
});

describe("consoleReturnPath", () => {
  it("keeps console paths with their filters", () => {
    expect(consoleReturnPath("/console")).toBe("/console");
    expect(consoleReturnPath("/console/transactions?q=abc&page=2")).toBe("/console/transactions?q=abc&page=2");
    expect(consoleReturnPath("/console/login")).toBe("/console/login");
  });

  it("sends anything else to the overview", () => {
    for (const bad of ["//evil.example/console", "/\\evil.example", "https://evil.example/console", "/consoleX", "/pay/abc", "/console/../api", "/console//x", null, 3]) {
      expect(consoleReturnPath(bad)).toBe("/console");
    }
  });
});
