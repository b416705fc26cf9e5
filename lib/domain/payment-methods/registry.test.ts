import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEALER_SWITCH_OF } from "./dealer-switches";
import { defineMethod, FLOWS, flowOf, METHODS, PAYMENT_METHODS, type MethodDefinition } from "./index";

const HERE = import.meta.dirname;

describe("the payment-method registry", () => {
  it("has one folder with a method.ts per method, and one registry line each", () => {
    const folders = readdirSync(HERE).filter((name) => statSync(path.join(HERE, name)).isDirectory());
    const asFolder = (method: string) => method.toLowerCase().replaceAll("_", "-");
    expect(folders.sort()).toEqual(METHODS.map(asFolder).sort());
    for (const folder of folders) expect(readdirSync(path.join(HERE, folder))).toContain("method.ts");
  });

  it("gives create sites the prefix and initial status of each flow from the definition", () => {
    expect(flowOf("MANUAL_BANK", "DEPOSIT", "PROVIDER")).toMatchObject({ prefix: "MAN", initial: "showing" });
    expect(flowOf("MANUAL_BANK", "DEPOSIT", "DEALER")).toMatchObject({ prefix: "DEP", initial: "pending" });
    expect(flowOf("MANUAL_BANK", "WITHDRAWAL", "PROVIDER")).toMatchObject({ prefix: "WIT", initial: "pending" });
    expect(flowOf("MANUAL_BANK", "WITHDRAWAL", "DEALER")).toMatchObject({ prefix: "WDR", initial: "pending" });
    expect(flowOf("EIBAN", "DEPOSIT", "PROVIDER")).toMatchObject({ prefix: "EIBAN", initial: "showing" });
    expect(flowOf("EIBAN", "WITHDRAWAL", "PROVIDER")).toMatchObject({ prefix: "EIBAN-WIT", initial: "pending" });
    expect(flowOf("CREDIT_CARD", "PAYMENT", "DEALER")).toMatchObject({ prefix: "CC", initial: "pending" });
    expect(flowOf("TP_CRYPTO", "WITHDRAWAL", "PROVIDER")).toMatchObject({ prefix: "TPCW", initial: "showing" });
    for (const { method, lifecycle } of FLOWS)
      expect(flowOf(method, lifecycle.direction, lifecycle.origin)).toBe(lifecycle);
    // A flow the definition lacks is refused, at the type check and at run time.
    // @ts-expect-error E-IBAN has no dealer-originated deposit
    expect(() => flowOf("EIBAN", "DEPOSIT", "DEALER")).toThrow("EIBAN has no DEALER DEPOSIT flow");
  });

  it("derives each method's dealer switch, page kind and callback extras from its definition", () => {
    // The first three by name; every gateway kind the same way (thirdPartyMethod), however many there are.
    const of = (m: (typeof METHODS)[number]) => {
      const definition: MethodDefinition = PAYMENT_METHODS[m];
      return { switch: DEALER_SWITCH_OF[m], page: definition.pageKind, extras: definition.callbackExtras };
    };
    expect(of("MANUAL_BANK")).toEqual({ switch: "manual_iban", page: "bank-transfer", extras: "none" });
    expect(of("EIBAN")).toEqual({ switch: "eiban", page: "eiban-transfer", extras: "none" });
    expect(of("CREDIT_CARD")).toEqual({ switch: "credit_card", page: "card-checkout", extras: "none" });
    const gatewayKinds = METHODS.filter((m) => (PAYMENT_METHODS[m] as MethodDefinition).thirdParty);
    expect(gatewayKinds).toEqual(expect.arrayContaining(["TP_BANK", "TP_CRYPTO", "TP_WALLET"]));
    expect(METHODS.filter((m) => !gatewayKinds.includes(m))).toEqual(["MANUAL_BANK", "EIBAN", "CREDIT_CARD"]);
    for (const m of gatewayKinds)
      expect(of(m), m).toEqual({ switch: null, page: "gateway-choice", extras: "third-party" });
  });

  it(
    "makes a definition name its page kind, callback extras and dealer switch (the type check refuses one " +
      "without)",
    () => {
      const flows = [] as const;
      // @ts-expect-error no pageKind: the page would not know what to show
      defineMethod({ label: "x", flows, dealerSwitch: null, callbackExtras: "none" });
      // @ts-expect-error no callbackExtras: a callback would silently lack payment_method
      defineMethod({ label: "x", flows, dealerSwitch: null, pageKind: "gateway-choice" });
      // @ts-expect-error no dealerSwitch
      defineMethod({ label: "x", flows, pageKind: "gateway-choice", callbackExtras: "none" });
      expect(
        defineMethod({ label: "x", flows, dealerSwitch: null, pageKind: "gateway-choice", callbackExtras: "none" })
          .pageKind,
      ).toBe("gateway-choice");
    },
  );
});
