import type { Gateway } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/base/errors/domain-error";
import { GATEWAY_CONNECTORS } from "@/lib/integrations/connectors/registry";
import type { GatewayConnector } from "@/lib/integrations/connectors/ports";
import {
  configRefusal,
  sealConfigKeepingSecrets,
  type SealedConfig,
} from "@/lib/integrations/connectors/sealed-config";
import { sealSecret } from "@/lib/base/crypto/sealed-columns";
import { refusal } from "@/lib/base/messages/errors";

/** A connector chosen for a gateway and its configuration as typed (a JSON object; secrets in clear). */
export type ConnectorChoice = { connector: string; config: unknown };

/** Where the built-in sandbox gateways listen: this service itself (a path, resolved against PUBLIC_BASE_URL). */
export const SANDBOX_GATEWAY_BASE = "/sandbox/gateways/api";

/** The sandbox gateway's configuration: http-partner pointed at the app, the gateway's id as merchant id. */
export function sandboxGatewayConfig(gatewayId: number, secret: string): SealedConfig {
  return {
    connector: "http-partner",
    values: { baseUrl: SANDBOX_GATEWAY_BASE, merchantId: String(gatewayId), timeoutMs: 10_000 },
    sealed: { secret: sealSecret("gateways.config", secret) },
  };
}

/**
 * Validates a configuration with the connector's own schema and seals its secrets. Secrets are write-only:
 * on an update of the same connector, a secret key left out keeps its stored value, unless an address
 * changed (then each is asked for again). Every problem is a validation error naming its key
 * ("secret: Required"); nothing is saved.
 */
export function sealGatewayConfig(
  name: string,
  input: unknown,
  current: Pick<Gateway, "adapter" | "config"> | null,
): SealedConfig {
  // Each connector has its own config type; its own schema checks the input, so the registry is read untyped.
  const connector = (GATEWAY_CONNECTORS as Record<string, GatewayConnector<unknown>>)[name];
  if (!connector)
    throw DomainError.validation([refusal("connectorOneOf", { names: Object.keys(GATEWAY_CONNECTORS).join(", ") })]);
  if (typeof input !== "object" || input === null || Array.isArray(input))
    throw DomainError.validation([refusal("configObject")]);
  const stored = current?.adapter === name ? (current.config as SealedConfig | null) : null;
  try {
    return sealConfigKeepingSecrets("gateways.config", connector, stored, input as Record<string, unknown>);
  } catch (error) {
    throw configRefusal(error, "configProblem");
  }
}
