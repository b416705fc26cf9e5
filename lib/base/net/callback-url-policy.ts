import { isIP } from "node:net";
import { isProduction } from "@/lib/base/config/dev-secrets";
import { isPrivateAddress } from "@/lib/base/net/private-address";
import { config } from "@/lib/base/config/env";

/** In production callbacks may not reach internal addresses unless explicitly allowed. */
export function privateTargetsAllowed(): boolean {
  return config().CALLBACK_ALLOW_PRIVATE_NETWORKS ?? !isProduction();
}

/** In production callbacks go over https only (they carry amounts and customer data) unless explicitly allowed. */
export function plainHttpAllowed(): boolean {
  return config().CALLBACK_ALLOW_HTTP ?? !isProduction();
}

/**
 * Why a callback URL may not be used now, or null: plain http in production, or an IP literal that is not a
 * public unicast address. Host names are checked again on the addresses they resolve to, when sending.
 */
export function callbackUrlProblem(url: URL): string | null {
  if (url.protocol !== "https:" && !plainHttpAllowed()) return "must use https in production";
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (!privateTargetsAllowed() && isIP(literal) && isPrivateAddress(literal))
    return `must not point at ${literal}, which is not a public address`;
  return null;
}
