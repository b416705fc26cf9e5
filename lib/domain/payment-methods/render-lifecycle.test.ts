import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { callbackStatuses } from "./index";
import { renderLifecycleDoc } from "./render-lifecycle";

describe("docs/lifecycle.md", () => {
  it("is the rendering of the payment-method table (run npm run docs:lifecycle after changing the table)", () => {
    expect(readFileSync("docs/lifecycle.md", "utf8")).toBe(renderLifecycleDoc());
  });
});

describe("the callback statuses the document and the OpenAPI enums name", () => {
  it("are the ones the server sends: the dealer's card callback says failed (CANCELLED) for a cancel", () => {
    expect(callbackStatuses("DEALER_CARD")).toEqual(["success", "failed"]);
    expect(callbackStatuses("PROVIDER_CARD")).toEqual(expect.arrayContaining(["success", "failed", "cancelled"]));
    const dealerCard = renderLifecycleDoc().split("### Card payment (dealer)")[1]!.split("\n### ")[0]!;
    expect(dealerCard).toContain(
      "| pending | cancelled | customer (payment page) | — | failed (error_code CANCELLED) |",
    );
    expect(dealerCard).not.toMatch(/\| — \| cancelled \|/);
  });
});
