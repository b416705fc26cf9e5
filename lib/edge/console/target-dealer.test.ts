import { describe, expect, it } from "vitest";
import type { ConsoleUser } from "@/lib/edge/auth/console-user";
import { targetDealer } from "./target-dealer";

const user = (role: ConsoleUser["role"], ids: Partial<ConsoleUser> = {}): ConsoleUser => ({
  id: 1,
  email: "u@test",
  role,
  dealerId: null,
  providerId: null,
  ...ids,
});
/** The form's dealerId field as consoleAction hands it over: undefined when the form has none. */
const form = (fields: Record<string, string>): unknown => fields.dealerId;

describe("targetDealer", () => {
  it("takes the admin's choice and asks for one when missing", () => {
    expect(targetDealer(user("ADMIN"), form({ dealerId: "7" }))).toEqual({ dealerId: 7 });
    expect(targetDealer(user("ADMIN"), form({ dealerId: "" }))).toEqual({ error: "Choose a dealer." });
    expect(targetDealer(user("ADMIN"), form({ dealerId: "7 OR 1=1" }))).toEqual({ error: "Choose a dealer." });
  });

  it("puts dealer staff's rows on their own dealer and refuses any other posted id", () => {
    const staff = user("DEALER", { dealerId: 3 });
    expect(targetDealer(staff, form({}))).toEqual({ dealerId: 3 });
    expect(targetDealer(staff, form({ dealerId: "3" }))).toEqual({ dealerId: 3 });
    expect(targetDealer(staff, form({ dealerId: "4" }))).toEqual({ error: "You can only add to your own dealer." });
    expect(targetDealer(staff, form({ dealerId: "" }))).toEqual({ error: "You can only add to your own dealer." });
  });

  it("gives provider viewers and unlinked staff nothing", () => {
    expect(targetDealer(user("PROVIDER", { providerId: 2 }), form({ dealerId: "3" }))).toHaveProperty("error");
    expect(targetDealer(user("DEALER"), form({}))).toHaveProperty("error");
  });
});

describe("targetDealer in Turkish", () => {
  it("refuses in the dictionary's words", async () => {
    const { tr } = await import("@/lib/edge/i18n/console/tr");
    expect(targetDealer(user("DEALER", { dealerId: 3 }), form({ dealerId: "4" }), tr.errors)).toEqual({
      error: "Yalnızca kendi bayinize ekleme yapabilirsiniz.",
    });
  });
});
