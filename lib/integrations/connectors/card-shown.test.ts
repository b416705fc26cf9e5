import { describe, expect, it } from "vitest";
import { cardBrandOfPrefix, cardShownOfMasked } from "./ports";

describe("the card as an acquirer shows it", () => {
  it("reads a masked number's brand and last four, whatever the mask looks like", () => {
    expect(cardShownOfMasked("435508***4358")).toEqual({ brand: "Visa", last4: "4358" });
    expect(cardShownOfMasked("5528 79** **** 0008")).toEqual({ brand: "MasterCard", last4: "0008" });
    expect(cardShownOfMasked("979204XXXXXX1234")).toEqual({ brand: "Troy", last4: "1234" });
    expect(cardShownOfMasked(undefined)).toBeNull();
    expect(cardShownOfMasked("****")).toBeNull();
  });

  it("names the brands by their first digits, and none it does not know", () => {
    expect(cardBrandOfPrefix("222100")).toBe("MasterCard");
    expect(cardBrandOfPrefix("272099")).toBe("MasterCard");
    expect(cardBrandOfPrefix("371449")).toBe("American Express");
    expect(cardBrandOfPrefix("601100")).toBeNull();
  });
});
