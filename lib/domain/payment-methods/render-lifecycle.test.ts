import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderLifecycleDoc } from "./render-lifecycle";

describe("docs/lifecycle.md", () => {
  it("is the rendering of the payment-method table (run npm run docs:lifecycle after changing the table)", () => {
    expect(readFileSync("docs/lifecycle.md", "utf8")).toBe(renderLifecycleDoc());
  });
});
