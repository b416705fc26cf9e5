import { inject } from "vitest";
import {
  DealerClient,
  ProviderClient,
  SiteIntegrationClient,
  type Credentials,
  type RawResponse,
  type SiteCredentials,
} from "@/lib/api/sdk";
import { assertDocumentedResponse } from "./openapi-conformance";

const checked = { onResponse: (r: RawResponse) => assertDocumentedResponse(r.method, r.path, r.status, r.text) };

/** The SDK as an integrator uses it, against the test server; every response must match the OpenAPI document. */
export function testProviderClient(creds: Credentials & { verificationKey?: string }) {
  return new ProviderClient({ baseUrl: inject("baseUrl"), ...creds, ...checked });
}

export function testDealerClient(creds: Credentials) {
  return new DealerClient({ baseUrl: inject("baseUrl"), ...creds, ...checked });
}

export function testSiteIntegrationClient(creds: SiteCredentials) {
  return new SiteIntegrationClient({ baseUrl: inject("baseUrl"), ...creds, ...checked });
}
