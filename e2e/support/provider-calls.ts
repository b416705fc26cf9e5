import { inject } from "vitest";
import { ProviderClient } from "@/lib/sdk";
import type { HttpResult } from "./http";
import { assertDocumentedResponse } from "./openapi-conformance";
import type { Credentials } from "./signed-request";

/** A credential-key endpoint called as an integrator would, through the SDK: X-Credential-Key in the headers and the hash. */
export async function callWithSite(path: string, creds: Credentials, credentialKey: string, body: unknown, headers: Record<string, string> = {}): Promise<HttpResult> {
  let raw: { status: number; headers: Headers; text: string } | undefined;
  const client = new ProviderClient({
    baseUrl: inject("baseUrl"),
    ...creds,
    onResponse: (r) => {
      raw = r;
      assertDocumentedResponse(r.method, r.path, r.status, r.text);
    },
  });
  await client.sendWithSite(path, credentialKey, body, { headers });
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(raw!.text) as Record<string, unknown>;
  } catch {
    // Callers that care look at text.
  }
  return { status: raw!.status, headers: Object.fromEntries(raw!.headers), text: raw!.text, json };
}
