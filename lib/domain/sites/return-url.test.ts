import { describe, expect, it } from "vitest";
import { originOf, returnUrlWith } from "./return-url";

describe("the site's return URL with the outcome", () => {
  it("adds status and tracking_code, keeping the site's own parameters and replacing ours", () => {
    expect(
      returnUrlWith("https://casino.example/wallet?tab=deposit", { status: "cancelled", trackingCode: "CC-1" }),
    ).toBe("https://casino.example/wallet?tab=deposit&status=cancelled&tracking_code=CC-1");
    expect(returnUrlWith("https://casino.example/w?status=old", { status: "success", trackingCode: "CC 2" })).toBe(
      "https://casino.example/w?status=success&tracking_code=CC+2",
    );
  });

  it("names the origin of http(s) addresses only", () => {
    expect(originOf("https://casino.example/a/b?c")).toBe("https://casino.example");
    expect(originOf("http://127.0.0.1:3000/x")).toBe("http://127.0.0.1:3000");
    expect(originOf("javascript:alert(1)")).toBeNull();
    expect(originOf(null)).toBeNull();
  });
});
