import { findDealerByApiKey } from "@/lib/domain/dealers/find-dealer-by-api-key";
import { findProviderByApiKey } from "@/lib/domain/providers/find-provider-by-api-key";
import { verifyCallback, type CallbackCheck } from "@/lib/api/sdk";

/**
 * The sandbox's stand-in for an integrator's callback endpoint: it checks a callback exactly as the API
 * documents ask a receiver to (with the SDK's verifier), against the keys of the account in X-Api-Key.
 */
export async function verifySandboxCallback(headers: Headers, rawBody: string): Promise<CallbackCheck> {
  const apiKey = headers.get("x-api-key") ?? "";
  const account = (await findProviderByApiKey(apiKey)) ?? (await findDealerByApiKey(apiKey));
  if (!account) return { valid: false, reason: "X-Api-Key names no provider or dealer" };
  return verifyCallback({ headers, rawBody }, { apiKey, secretKey: account.secrets[0]! }, { maxAgeSeconds: 300 });
}
