import { describe, expect, it } from "vitest";
import { z } from "zod";
import { optionalDay } from "./filter-fields";

const day = z.object({ from: optionalDay });
const read = (from: string | undefined) => day.parse({ from }).from;

describe("optionalDay", () => {
  it("reads a day typed in Turkish as the ISO day", () => {
    expect(read("24.11.2026")).toBe("2026-11-24");
    expect(read("1.2.2026")).toBe("2026-02-01");
    expect(read("05/03/2026")).toBe("2026-03-05");
  });

  it("keeps the ISO form and ignores what is not a day", () => {
    expect(read("2026-11-24")).toBe("2026-11-24");
    expect(read("11/24/2026")).toBeUndefined();
    expect(read("24.13.2026")).toBeUndefined();
    expect(read("")).toBeUndefined();
    expect(read(undefined)).toBeUndefined();
  });
});
