import { describe, expect, it } from "vitest";
import { customerAmountChange } from "./customer-amount-change";

const customer = (note: string) => ({ actorType: "CUSTOMER", note });

describe("customerAmountChange", () => {
  it("is null when the customer never touched the amount", () => {
    expect(customerAmountChange([{ actorType: "STAFF", note: "Approved" }, customer("The customer says the money was sent")], "100.00")).toBeNull();
  });

  it("names the requested amount of the first change and the amount now asked for", () => {
    expect(customerAmountChange([customer("Amount changed from 1000.00 to 1250.00"), customer("Amount changed from 1250.00 to 1300.50")], "1300.50")).toEqual({
      requested: "1000.00",
      current: "1300.50",
      changes: 2,
    });
  });

  it("is null when the customer changed it back to what the site requested", () => {
    expect(customerAmountChange([customer("Amount changed from 100.00 to 150.00"), customer("Amount changed from 150.00 to 100.00")], "100.00")).toBeNull();
  });

  it("ignores a staff note that happens to read like a change", () => {
    expect(customerAmountChange([{ actorType: "STAFF", note: "Amount changed from 1.00 to 2.00" }], "2.00")).toBeNull();
  });
});
