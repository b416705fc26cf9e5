import { describe, expect, it } from "vitest";
import { hashFormulaName } from "./signed-request";

describe("hashFormulaName", () => {
  it("names each endpoint's formula as the documents write it, with no values", () => {
    expect(hashFormulaName("x-api-key", [])).toBe("H(api_key + secret_key + timestamp)");
    expect(hashFormulaName("x-api-key", ["x-key"])).toBe("H(api_key + secret_key + key + timestamp)");
    expect(hashFormulaName("x-api-key", ["x-credential-key"])).toBe(
      "H(api_key + secret_key + credential_key + timestamp)",
    );
    expect(hashFormulaName("x-site-token", [])).toBe("H(site_token + secret_key + timestamp)");
  });
});
