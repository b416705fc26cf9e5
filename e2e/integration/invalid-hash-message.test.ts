import { describe, expect, inject, it } from "vitest";
import { createTenant } from "../support/fixtures";
import { signedRequest } from "../support/signed-request";

const baseUrl = inject("baseUrl");

describe("Invalid hash", () => {
  it("keeps the contract's error text and names the endpoint's formula in the message, never a value", async () => {
    const t = await createTenant();
    const wrong = { apiKey: t.creds.apiKey, secretKey: "not-the-secret" };
    const create = await signedRequest(baseUrl, "/api/provider/start-manual-deposit", wrong, {
      middle: [t.site.credential_key],
      headers: { "x-credential-key": t.site.credential_key },
      body: { fullname: "Ayşe Kaya", username: "ayse", user_id: "u-1", amount: 100 },
    });
    expect(create.status).toBe(401);
    expect(create.json).toMatchObject({ success: false, error: "Invalid hash" });
    expect(String(create.json.message)).toContain("H(api_key + secret_key + credential_key + timestamp)");
    expect(String(create.json.message)).not.toContain(t.site.credential_key);
    expect(String(create.json.message)).not.toContain(t.creds.apiKey);

    const welcome = await signedRequest(baseUrl, "/api/provider/welcome", wrong);
    expect(welcome.json).toMatchObject({ error: "Invalid hash" });
    expect(String(welcome.json.message)).toContain("H(api_key + secret_key + timestamp)");
  });
});
