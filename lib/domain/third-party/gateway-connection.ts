import { settings } from "@/lib/base/config/settings";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { Gateway } from "@/lib/generated/prisma/client";
import { GATEWAY_CONNECTORS } from "@/lib/integrations/connectors/registry";
import type { GatewayConnector } from "@/lib/integrations/connectors/ports";
import { openConfig, type SealedConfig } from "@/lib/integrations/connectors/sealed-config";
import { refusal } from "@/lib/base/messages/errors";

export type GatewayConnection = { connector: GatewayConnector<unknown>; config: unknown };

type Row = Pick<Gateway, "id" | "code" | "adapter" | "config"> &
  Partial<Pick<Gateway, "previousConfig" | "previousConfigUntil">>;

function connectorNamed(name: string): GatewayConnector<unknown> | null {
  return (GATEWAY_CONNECTORS as Record<string, GatewayConnector<unknown>>)[name] ?? null;
}

function isSealed(value: unknown): value is SealedConfig {
  return typeof value === "object" && value !== null && "values" in value && "sealed" in value;
}

/** Why a gateway cannot be called, or null when it can: an unknown connector, no or a broken configuration. */
export function gatewayUnusableReason(gateway: Row): string | null {
  const connector = connectorNamed(gateway.adapter);
  if (!connector) return `its connector "${gateway.adapter}" is not available`;
  if (!isSealed(gateway.config)) return "it has no connector configuration";
  try {
    const config = openConfig(connector, gateway.config);
    // The built-in sandbox is this service: when the sandbox is off, a gateway pointed at it is not callable.
    if (
      typeof (config as { baseUrl?: unknown }).baseUrl === "string" &&
      (config as { baseUrl: string }).baseUrl.startsWith("/sandbox/") &&
      !settings.sandboxEnabled
    )
      return "it points at the sandbox, which is disabled";
    return null;
  } catch (error) {
    return `its configuration is not valid (${error instanceof Error ? error.message : String(error)})`;
  }
}

/** The gateway's connector and opened configuration; a gateway that cannot be called is a 422 naming why. */
export function gatewayConnection(gateway: Row): GatewayConnection {
  const reason = gatewayUnusableReason(gateway);
  if (reason) throw DomainError.validation([refusal("gatewayUnusable", { gateway: gateway.code, reason })]);
  const connector = connectorNamed(gateway.adapter)!;
  return { connector, config: openConfig(connector, gateway.config as SealedConfig) };
}

/**
 * The configurations a notification is verified with: the current one, then the previous one while a
 * rotation's grace period lasts (the partner may still sign with the old secret for a while).
 */
export function verifyingConnections(gateway: Row, now = new Date()): GatewayConnection[] {
  const current = gatewayConnection(gateway);
  const list = [current];
  if (isSealed(gateway.previousConfig) && gateway.previousConfigUntil && gateway.previousConfigUntil > now) {
    try {
      list.push({ connector: current.connector, config: openConfig(current.connector, gateway.previousConfig) });
    } catch {
      // A previous configuration of another connector or no longer valid verifies nothing.
    }
  }
  return list;
}

/** "Test connection": the connector's cheapest authenticated call with the gateway's stored configuration. */
export async function testGatewayConnection(gateway: Row): Promise<{ ok: boolean; message: string }> {
  const reason = gatewayUnusableReason(gateway);
  if (reason) return { ok: false, message: reason };
  const { connector, config } = gatewayConnection(gateway);
  return connector.testConnection(config);
}
