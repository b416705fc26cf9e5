import { describe, expect, it } from "vitest";
import { formatIban, ibanFromBban, isValidIbanChecksum, normalizeIban } from "./iban";

describe("IBAN", () => {
  it("accepts valid ISO 13616 checksums, with or without spaces and in any case", () => {
    expect(isValidIbanChecksum("TR330006100519786457841326")).toBe(true);
    expect(isValidIbanChecksum("tr33 0006 1005 1978 6457 8413 26")).toBe(true);
    expect(isValidIbanChecksum("GB82WEST12345698765432")).toBe(true);
    expect(isValidIbanChecksum("DE89370400440532013000")).toBe(true);
  });

  it("refuses wrong check digits and malformed input", () => {
    expect(isValidIbanChecksum("TR330006100519786457841327")).toBe(false);
    expect(isValidIbanChecksum("GB82WEST12345698765431")).toBe(false);
    expect(isValidIbanChecksum("1234")).toBe(false);
    expect(isValidIbanChecksum("TR33-0006")).toBe(false);
  });

  it("formats in groups of four and builds valid IBANs", () => {
    expect(formatIban("TR330006100519786457841326")).toBe("TR33 0006 1005 1978 6457 8413 26");
    expect(normalizeIban(" tr33 0006 ")).toBe("TR330006");
    const built = ibanFromBban("TR", "0001000000000012345678");
    expect(built).toHaveLength(26);
    expect(isValidIbanChecksum(built)).toBe(true);
  });
});
