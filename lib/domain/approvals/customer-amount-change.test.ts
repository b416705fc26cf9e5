import { describe, expect, it } from "vitest";
import { note } from "@/lib/base/messages/notes";
import { customerAmountChange } from "./customer-amount-change";

/** A history row as stored: the English wording of the old text column is turned into its key here. */
function row(actorType: string, text: string) {
  const m = /^Amount changed from (\S+) to (\S+)$/.exec(text);
  const n = m
    ? note("amountChanged", { previous: m[1]!, amount: m[2]! })
    : note(text === "Approved" ? "approved" : "customerSent");
  return { actorType, noteKey: n.key, noteParams: n.params };
}
const customer = (text: string) => row("CUSTOMER", text);

describe("customerAmountChange", () => {
  it("is null when the customer never touched the amount", () => {
    expect(
      customerAmountChange([row("STAFF", "Approved"), customer("The customer says the money was sent")], "100.00"),
    ).toBeNull();
  });

  it("names the requested amount of the first change and the amount now asked for", () => {
    expect(
      customerAmountChange(
        [customer("Amount changed from 1000.00 to 1250.00"), customer("Amount changed from 1250.00 to 1300.50")],
        "1300.50",
      ),
    ).toEqual({
      requested: "1000.00",
      current: "1300.50",
      changes: 2,
    });
  });

  it("is null when the customer changed it back to what the site requested", () => {
    expect(
      customerAmountChange(
        [customer("Amount changed from 100.00 to 150.00"), customer("Amount changed from 150.00 to 100.00")],
        "100.00",
      ),
    ).toBeNull();
  });

  it("ignores a staff note that happens to read like a change", () => {
    expect(customerAmountChange([row("STAFF", "Amount changed from 1.00 to 2.00")], "2.00")).toBeNull();
  });
});
