import { describe, expect, it } from "vitest";
import { formatDateTime } from "./format";
import { parseLocalDateTime } from "./parse-local";

describe("parseLocalDateTime", () => {
  it("reads a local date-time back as the instant formatDateTime wrote", () => {
    for (const ms of [
      Date.UTC(2026, 10, 22, 21, 30, 5),
      Date.UTC(2024, 1, 29, 0, 0, 0),
      Date.UTC(2026, 0, 1, 22, 59, 59),
    ]) {
      const at = new Date(ms);
      expect(parseLocalDateTime(formatDateTime(at, "Europe/Istanbul"), "Europe/Istanbul")).toEqual(at);
    }
    expect(parseLocalDateTime("2026-11-23 00:00:00", "Europe/Istanbul")).toEqual(new Date("2026-11-22T21:00:00Z"));
  });

  it("follows the zone's offset across a daylight-saving change", () => {
    expect(parseLocalDateTime("2026-07-01 12:00:00", "Europe/Berlin")).toEqual(new Date("2026-07-01T10:00:00Z"));
    expect(parseLocalDateTime("2026-01-01 12:00:00", "Europe/Berlin")).toEqual(new Date("2026-01-01T11:00:00Z"));
  });

  it("names no instant for a time that does not exist or another shape", () => {
    for (const text of [
      "2026-02-30 00:00:00",
      "2026-11-22 24:00:00",
      "2026-13-01 00:00:00",
      "2026-11-22T00:00:00",
      "0000-00-00 00:00:00",
      "",
    ])
      expect(parseLocalDateTime(text), text).toBeNull();
  });
});
