import { describe, expect, it } from "vitest";
import { businessMetrics } from "@/lib/base/observability/business-metrics";
import { instrumented } from "./instrumented";
import { PartnerCallError } from "./ports";

/** Calls of `partner_call_duration_seconds` counted so far with these labels. */
async function calls(labels: Record<string, string>): Promise<number> {
  const { values } = await businessMetrics().partnerCalls.get();
  const match = values.find(
    (v) =>
      v.metricName === "partner_call_duration_seconds_count" &&
      Object.entries(labels).every(([k, value]) => (v.labels as Record<string, unknown>)[k] === value),
  );
  return match?.value ?? 0;
}

const gateway = (name = "unit-partner") => ({
  name,
  kind: "gateway",
  label: "A partner of this test",
  issueDeposit: async (_config: unknown, order: { clientRef: string }) => ({
    gatewayReference: `ref-${order.clientRef}`,
  }),
  submitWithdrawal: async () => {
    throw new PartnerCallError({ kind: "retry", reason: "the partner answered 503" });
  },
  inquire: async () => {
    throw new TypeError("a bug in the connector");
  },
  refund: async () => ({ ok: false as const, error: { code: "51", message: "insufficient funds" } }),
  verifyNotification: async () => ({ ok: false as const, reason: "bad signature" }),
});

describe("connectors as the registry lists them", () => {
  it("time every call to the partner, counted by connector, operation and outcome, and answer as before", async () => {
    const connector = instrumented(gateway());
    const labels = { connector: "unit-partner", kind: "gateway" };
    await expect(connector.issueDeposit({}, { clientRef: "c1" })).resolves.toEqual({ gatewayReference: "ref-c1" });
    await expect(connector.submitWithdrawal()).rejects.toBeInstanceOf(PartnerCallError);
    await expect(connector.inquire()).rejects.toBeInstanceOf(TypeError);
    await expect(connector.refund()).resolves.toMatchObject({ ok: false });
    expect(await calls({ ...labels, operation: "issueDeposit", outcome: "ok" })).toBe(1);
    expect(await calls({ ...labels, operation: "submitWithdrawal", outcome: "retry" })).toBe(1);
    expect(await calls({ ...labels, operation: "inquire", outcome: "error" })).toBe(1);
    expect(await calls({ ...labels, operation: "refund", outcome: "refused" })).toBe(1);
    // Verifying what the partner sent is no call to the partner.
    await connector.verifyNotification();
    expect(await calls({ ...labels, operation: "verifyNotification" })).toBe(0);
  });

  it("are the connectors themselves, measured once however often listed", async () => {
    const raw = gateway("listed-twice");
    const connector = instrumented(raw);
    expect(connector).toBe(raw);
    expect(instrumented(connector)).toBe(raw);
    await connector.issueDeposit({}, { clientRef: "c2" });
    expect(await calls({ connector: "listed-twice", operation: "issueDeposit", outcome: "ok" })).toBe(1);
  });
});
