import { isProduction } from "@/lib/base/config/dev-secrets";
import { decryptSecret } from "@/lib/base/crypto/secret-box";
import { findDemoTenant } from "@/lib/domain/accounts/demo-tenant";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { Commands } from "./command";
import { refusal } from "@/lib/base/messages/errors";
import { settings } from "@/lib/base/config/settings";
import { demoCurl } from "./signed-curl";

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

/**
 * A signed curl of the demo provider's welcome (or the demo dealer's E-IBAN list) with a hash made now: the dev
 * server's welcome prints one that expires in five minutes, this makes a fresh one (`... demo:curl | sh`).
 */
async function demoCurlCommand(api: string | undefined, origin: string | undefined): Promise<string> {
  if (isProduction()) throw DomainError.forbidden("Not in production", refusal("demoInProduction"));
  const which = api ?? "provider";
  if (which !== "provider" && which !== "dealer")
    throw DomainError.validation([refusal("oneOf", { field: "--api", names: "provider, dealer" })]);
  const { provider, dealer } = await findDemoTenant();
  const keys = which === "provider" ? provider : dealer;
  if (!keys) throw DomainError.notFound(refusal("noDemoTenant"));
  return demoCurl(which, origin ?? settings.publicBaseUrl, keys);
}

export const DEMO_COMMANDS: Commands = {
  "demo:credentials": {
    usage: "(development only: the demo tenant's API, secret, verification and credential keys)",
    flags: [],
    run: () => demoCredentials(),
  },
  "demo:curl": {
    usage:
      "[--api provider|dealer] [--url http://localhost:3000] " +
      "(development only: a signed curl with a fresh hash, printed as a command: pipe it into sh)",
    flags: ["api", "url"],
    plain: true,
    run: ({ flags }) => demoCurlCommand(flags.api, flags.url),
  },
};
