import { describe, expect, it } from "vitest";
import { newRecoveryCodes, RECOVERY_ALPHABET, recoveryCodeHash, typedRecoveryCodeHashes } from "./recovery-codes";

describe("recovery codes", () => {
  it("are ten codes of two five-character groups, none with a character that reads as another", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(RECOVERY_ALPHABET).not.toMatch(/[ILOU]/);
    expect(new Set(codes).size).toBe(10);
  });

  it("match what is typed with the look-alikes, lower case, spaces or no hyphen", () => {
    const stored = recoveryCodeHash("10A0B-1CD11");
    for (const typed of ["10A0B-1CD11", "IOAOB-ICDLl", "10a0b 1cd11", "1oa0b1cdi1", " 10A0B - 1CD11 "])
      expect(typedRecoveryCodeHashes(typed), typed).toContain(stored);
    expect(typedRecoveryCodeHashes("10A0B-1CD12")).not.toContain(stored);
  });

  it("still match a code made before the alphabet changed (O, I and L in it) as typed", () => {
    const old = recoveryCodeHash("OILAB-LOIC9");
    expect(typedRecoveryCodeHashes("oilab-loic9")).toContain(old);
  });
});
