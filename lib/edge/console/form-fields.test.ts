import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formField, formFields } from "./form-fields";

const schema = z.object({
  id: formField.id,
  name: formField.text,
  active: formField.flag,
  amount: formField.amount,
  scopes: formField.list,
});

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("console form fields", () => {
  it("parse a form that posts none of them, so each action keeps its own words for what is missing", () => {
    expect(schema.safeParse(formFields(form([])))).toEqual({
      success: true,
      data: { id: null, name: "", active: false, amount: "", scopes: [] },
    });
  });

  it("read ids, texts, checkboxes, typed amounts and repeated names", () => {
    const parsed = schema.parse(
      formFields(
        form([
          ["id", "42"],
          ["name", "Ayşe"],
          ["active", "on"],
          ["amount", "1.750,50"],
          ["scopes", "settings"],
          ["scopes", "deposits"],
        ]),
      ),
    );
    expect(parsed).toEqual({ id: 42, name: "Ayşe", active: true, amount: "1750.50", scopes: ["settings", "deposits"] });
    expect(schema.parse(formFields(form([["scopes", "settings"]]))).scopes).toEqual(["settings"]);
  });

  it("turn a malformed id into null", () => {
    for (const raw of ["", "0", "-1", "1 OR 1=1", "1234567890", "1.5"])
      expect(schema.parse(formFields(form([["id", raw]]))).id).toBeNull();
  });
});
