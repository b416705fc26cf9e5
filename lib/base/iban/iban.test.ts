import { describe, expect, it } from "vitest";
import { formatIban, ibanFromBban, isValidIban, normalizeIban } from "./iban";

describe("IBAN", () => {
  it("accepts valid ISO 13616 checksums, with or without spaces and in any case", () => {
    expect(isValidIban("TR330006100519786457841326")).toBe(true);
    expect(isValidIban("tr33 0006 1005 1978 6457 8413 26")).toBe(true);
    expect(isValidIban("GB82WEST12345698765432")).toBe(true);
    expect(isValidIban("DE89370400440532013000")).toBe(true);
  });

  it("refuses wrong check digits and malformed input", () => {
    expect(isValidIban("TR330006100519786457841327")).toBe(false);
    expect(isValidIban("GB82WEST12345698765431")).toBe(false);
    expect(isValidIban("1234")).toBe(false);
    expect(isValidIban("TR33-0006")).toBe(false);
  });

  it("refuses an IBAN whose checksum holds but whose length or shape is not its country's", () => {
    const short = ibanFromBban("TR", "000100000000001234567");
    expect(short).toHaveLength(25);
    expect(isValidIban(short)).toBe(false);
    expect(isValidIban(ibanFromBban("TR", "00010000000000123456789"))).toBe(false);
    expect(isValidIban(ibanFromBban("DE", "3704004405320130001"))).toBe(false);
    expect(isValidIban(ibanFromBban("TR", "0001000000000012345678"))).toBe(true);
  });

  it("formats in groups of four and builds valid IBANs", () => {
    expect(formatIban("TR330006100519786457841326")).toBe("TR33 0006 1005 1978 6457 8413 26");
    expect(normalizeIban(" tr33 0006 ")).toBe("TR330006");
    const built = ibanFromBban("TR", "0001000000000012345678");
    expect(built).toHaveLength(26);
    expect(isValidIban(built)).toBe(true);
  });
});
