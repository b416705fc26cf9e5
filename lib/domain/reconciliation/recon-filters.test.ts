import { describe, expect, it } from "vitest";
import { reconFiltersSchema, reconQuery } from "./recon-filters";

describe("reconFiltersSchema", () => {
  it("reads Turkish days, ids and the known codes", () => {
    const filters = reconFiltersSchema.parse({
      from: "24.11.2026",
      to: "2026-11-25",
      dealerId: "12",
      partner: "est-v3",
      kind: "partners_only",
      status: "proposed",
    });
    expect(reconQuery(filters)).toEqual({
      from: "2026-11-24",
      to: "2026-11-25",
      dealerId: 12,
      providerId: undefined,
      gatewayId: undefined,
      partner: "est-v3",
      kind: "partners_only",
      status: "proposed",
    });
    expect(filters.reversed).toBe(false);
  });

  it("ignores what it does not know and reads a reversed range the right way round", () => {
    const filters = reconFiltersSchema.parse({
      from: "2026-11-25",
      to: "2026-11-20",
      dealerId: "x",
      partner: "Est V3; drop",
      kind: "everything",
      status: "gone",
      format: "excel-tr",
    });
    expect(filters).toMatchObject({ from: "2026-11-20", to: "2026-11-25", reversed: true });
    expect(reconQuery(filters)).toMatchObject({
      dealerId: undefined,
      partner: undefined,
      kind: undefined,
      status: undefined,
    });
  });
});
