import { inject } from "vitest";
import { signedRequest, type Credentials } from "./signed-request";

/** A credential-key endpoint called as an integrator would: X-Credential-Key in the headers and the hash. */
export function callWithSite(
  path: string,
  creds: Credentials,
  credentialKey: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return signedRequest(inject("baseUrl"), path, creds, {
    middle: [credentialKey],
    headers: { "x-credential-key": credentialKey, ...headers },
    body,
  });
}
