import { isProduction } from "@/lib/base/config/dev-secrets";
import { decryptSecret } from "@/lib/base/crypto/secret-box";
import { findDemoTenant } from "@/lib/domain/accounts/demo-tenant";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { Commands } from "./command";
import { refusal } from "@/lib/base/messages/errors";

/**
 * The demo tenant's keys, so a newcomer can sign requests by hand (docs/integration.md §2). Development only:
 * in production the command refuses before it reads anything, since secrets are shown once, when created.
 */
async function demoCredentials() {
  if (isProduction()) throw DomainError.forbidden("Not in production", refusal("demoInProduction"));
  const { provider, dealer, site } = await findDemoTenant();
  if (!provider || !dealer) throw DomainError.notFound(refusal("noDemoTenant"));
  return {
    provider: {
      id: provider.id,
      api_key: provider.apiKey,
      secret_key: decryptSecret(provider.secretKeyEnc),
      verification_key: decryptSecret(provider.verificationKeyEnc),
    },
    site: site ? { id: site.id, name: site.name, credential_key: site.credentialKey } : null,
    dealer: { id: dealer.id, api_key: dealer.apiKey, secret_key: decryptSecret(dealer.secretKeyEnc) },
    formulas: {
      // As the provider API's hash table lists them: the sites list alone takes the verification key.
      "welcome, credit-card payment and status, the three gateway lists, dealer endpoints":
        "X-Hash = SHA256(api_key + secret_key + timestamp)",
      "sites (the sites list)":
        "X-Hash = SHA256(api_key + secret_key + verification_key + timestamp), X-Key = verification_key",
      "start-... creates":
        "X-Hash = SHA256(api_key + secret_key + credential_key + timestamp), X-Credential-Key = credential_key",
    },
  };
}

export const DEMO_COMMANDS: Commands = {
  "demo:credentials": {
    usage: "(development only: the demo tenant's API, secret, verification and credential keys)",
    flags: [],
    run: () => demoCredentials(),
  },
};
