import { describe, expect, it } from "vitest";
import { configFields, configFromForm } from "./config-fields";
import { garantiConnector } from "./garanti";
import { paytrConnector } from "./paytr";

const inputs = (connector: Parameters<typeof configFields>[0]) =>
  Object.fromEntries(configFields(connector).map((f) => [f.key, f.input]));

describe("a connector's configuration as a form", () => {
  it("asks for a toggle, a choice or a number where the schema takes only those, text elsewhere", () => {
    expect(inputs(garantiConnector)).toMatchObject({
      mode: { kind: "choice", options: ["TEST", "PROD"] },
      lang: { kind: "choice", options: ["tr", "en"] },
      acceptHalf3D: { kind: "boolean" },
      timeoutMs: { kind: "number" },
      storeKey: { kind: "text" },
      gatewayUrl: { kind: "text" },
    });
    expect(inputs(paytrConnector)).toMatchObject({ testMode: { kind: "boolean" } });
  });

  it("reads a toggle left unticked as false, and typed numbers and toggles as the schema's types", () => {
    const config = configFromForm(garantiConnector, { merchantId: "7000679", timeoutMs: "5000", mode: "PROD" });
    expect(config).toEqual({ merchantId: "7000679", timeoutMs: 5000, mode: "PROD", acceptHalf3D: false });
    expect(configFromForm(garantiConnector, { acceptHalf3D: "true" })).toEqual({ acceptHalf3D: true });
    // What the schema cannot read stays as typed, for its refusal to name.
    expect(configFromForm(garantiConnector, { timeoutMs: "x" })).toMatchObject({ timeoutMs: "x" });
  });
});
