import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ConnectorSpec } from "./connector-spec";
import { BANK_CONNECTORS, CARD_CONNECTORS, CONNECTOR_SPECS, GATEWAY_CONNECTORS } from "./registry";

const HERE = import.meta.dirname;
const REGISTRIES = { card: CARD_CONNECTORS, gateway: GATEWAY_CONNECTORS, bank: BANK_CONNECTORS };
type Registered = {
  name: string;
  kind: string;
  spec: ConnectorSpec;
  sandboxOnly?: boolean;
  report?: { mode: string };
  verifyNotification?: unknown;
};
const ALL = Object.entries(REGISTRIES).flatMap(([kind, table]) =>
  Object.entries(table as Record<string, Registered>).map(([key, connector]) => ({ kind, key, connector })),
);

/**
 * What the type check cannot see in the connector registry: a folder copied from another connector and registered
 * under a new key while it still calls itself by the old name (its metrics, its stored name), a name two partners
 * claim, a folder nobody registered, and a specification that says more than the connector does.
 */
describe("the connector registry", () => {
  it("registers each connector under the name it calls itself, once per kind", () => {
    expect(ALL.filter(({ key, connector }) => connector.name !== key).map(({ kind, key }) => `${kind} ${key}`)).toEqual(
      [],
    );
    for (const { kind, connector } of ALL) expect(connector.kind, connector.name).toBe(kind);
  });

  it("shares a name between kinds only for one partner protocol (http-partner's gateway and bank)", () => {
    const byName = Map.groupBy(ALL, ({ key }) => key);
    const shared = [...byName].filter(([, entries]) => entries.length > 1);
    for (const [name, entries] of shared)
      expect(new Set(entries.map((e) => e.connector.spec.displayName)).size, name).toBe(1);
    expect(shared.map(([name]) => name)).toEqual(["http-partner"]);
  });

  it("has one folder per registered name, each with its spec.ts", () => {
    const folders = readdirSync(HERE).filter((entry) => statSync(path.join(HERE, entry)).isDirectory());
    expect(folders.sort()).toEqual([...new Set(ALL.map(({ key }) => key))].sort());
    for (const folder of folders) expect(readdirSync(path.join(HERE, folder)), folder).toContain("spec.ts");
  });

  it("exposes every connector's specification, by kind and name", () => {
    for (const { kind, key, connector } of ALL)
      expect((CONNECTOR_SPECS as Record<string, Record<string, ConnectorSpec>>)[kind]![key]).toBe(connector.spec);
  });
});

describe("a connector's specification", () => {
  it.each(ALL.map((entry) => [`${entry.kind} ${entry.key}`, entry] as const))(
    "%s says what the connector does",
    (_name, { kind, connector }) => {
      const { spec } = connector;
      expect(spec.kind).toBe(kind);
      expect(spec.displayName.trim()).not.toBe("");
      expect(new Set(spec.flows).size, "a flow named twice").toBe(spec.flows.length);
      // Only the service's own sandbox may call itself one; a sandbox connector must say so.
      expect(spec.status === "sandbox").toBe(connector.sandboxOnly === true);
      // The reconciliation it claims is the report it has.
      expect(spec.reconciliation.mode).toBe(connector.report?.mode ?? "none");
      expect(spec.reconciliation.how.trim()).not.toBe("");
      const flows: readonly string[] = spec.flows;
      if (kind === "card") {
        // What every card connector implements (the port requires it), and notifications only where it has them.
        expect(flows).toEqual(
          expect.arrayContaining(["hosted-3d-payment", "status-inquiry", "refund", "refund-inquiry"]),
        );
        expect(flows.includes("notification")).toBe(typeof connector.verifyNotification === "function");
        expect(spec.checkout?.trim(), "a card connector names its hosted model").toBeTruthy();
      } else {
        expect(spec.checkout).toBeUndefined();
      }
      if (kind === "gateway")
        expect([...flows].sort()).toEqual(["deposit", "notification", "status-inquiry", "withdrawal"]);
    },
  );
});
