import { describe, expect, it } from "vitest";
import { auditChanges } from "./audit-changes";

describe("auditChanges", () => {
  it("lists the fields that differ, with both values", () => {
    expect(
      auditChanges({ rate: 60, name: "A", ips: ["1.1.1.1"] }, { rate: 120, name: "A", ips: ["1.1.1.1", "2.2.2.2"] }),
    ).toEqual([
      { field: "rate", before: "60", after: "120" },
      { field: "ips", before: '["1.1.1.1"]', after: '["1.1.1.1","2.2.2.2"]' },
    ]);
  });

  it("shows a created entity's fields as after-only and a removed one's as before-only", () => {
    expect(auditChanges(null, { email: "a@b.c", role: "ADMIN" })).toEqual([
      { field: "email", before: undefined, after: "a@b.c" },
      { field: "role", before: undefined, after: "ADMIN" },
    ]);
    expect(auditChanges({ state: "EXHAUSTED" }, null)).toEqual([{ field: "state", before: "EXHAUSTED" }]);
  });

  it("fields added or dropped between snapshots count as changes", () => {
    expect(auditChanges({ a: 1 }, { b: 2 })).toEqual([
      { field: "a", before: "1", after: undefined },
      { field: "b", before: undefined, after: "2" },
    ]);
  });

  it("compares non-object snapshots as a whole and nothing when both are empty", () => {
    expect(auditChanges("x", "y")).toEqual([{ field: "value", before: "x", after: "y" }]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges([1], [1])).toEqual([]);
  });

  it("cuts very long values", () => {
    const [change] = auditChanges({ body: "x".repeat(500) }, {});
    expect(change!.before).toHaveLength(201);
  });
});
