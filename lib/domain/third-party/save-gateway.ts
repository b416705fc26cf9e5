import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { graceEnd } from "@/lib/domain/accounts/secret-rotation";
import { inTransaction } from "@/lib/base/db/transaction";
import type { Gateway, Prisma } from "@/lib/generated/prisma/client";
import type { GatewayMethod } from "@/lib/domain/payment-methods";
import { kindsServedBy } from "./connector-kinds";
import { kindOfGateway } from "@/lib/domain/payment-methods/third-party-kinds";
import { DomainError } from "@/lib/base/errors/domain-error";
import { validate } from "@/lib/domain/schemas/validate";
import { gatewaySchema, type GatewayInput } from "@/lib/domain/schemas/gateway";
import { newGatewaySecret } from "@/lib/integrations/gateways/gateway-secret";
import type { SealedConfig } from "@/lib/integrations/connectors/sealed-config";
import { sealSecret } from "@/lib/base/crypto/sealed-columns";
import { sealGatewayConfig, sandboxGatewayConfig, type ConnectorChoice } from "./gateway-config";
import { refusal } from "@/lib/base/messages/errors";
import { note } from "@/lib/base/messages/notes";
import { alertMoneySettingChanged } from "@/lib/domain/alerts/money-setting-alert";

/** What the audit log may hold of a gateway: no secret, sealed or not; the configuration's plain values. */
function audited(gateway: Gateway | null) {
  if (!gateway) return null;
  const config = gateway.config as SealedConfig | null;
  return {
    ...gateway,
    webhookSecretEnc: undefined,
    previousConfig: undefined,
    config: config ? { connector: config.connector, values: config.values } : null,
  };
}

/** A connector made for some kinds only (Papara: wallet) is refused on a gateway of another kind. */
function assertConnectorServes(name: string | null, method: GatewayMethod): void {
  const kinds = name ? kindsServedBy(name) : null;
  const kind = kindOfGateway(method);
  if (name && kinds && kind && !kinds.includes(kind))
    throw DomainError.validation([refusal("connectorKinds", { connector: name, kinds: kinds.join(", ") })]);
}

const json = (config: SealedConfig) => config as unknown as Prisma.InputJsonValue;

/**
 * Creates a gateway (id undefined) or updates one; every change is audited with before and after, and a
 * connector configuration given is alerted as a money setting. A new
 * gateway without a connector choice is the built-in sandbox (http-partner pointed at this service, a
 * secret of its own, returned in plain text this once to hand to the partner). A rename keeps the former
 * code, so orders issued with the old code-based notify URL still reach the gateway.
 */
export async function saveGateway(
  id: number | undefined,
  input: GatewayInput & Partial<ConnectorChoice>,
  actor: Actor,
): Promise<Gateway & { webhookSecret: string | null }> {
  const data = validate(gatewaySchema, input);
  return inTransaction(async (tx) => {
    const before = id ? await tx.gateway.findUnique({ where: { id } }) : null;
    if (id && !before) throw DomainError.notFound(refusal("doesNotExist", { entity: "gateway", id }));
    const clash = await tx.gateway.findFirst({
      where: { OR: [{ code: data.code }, { formerCodes: { has: data.code } }], NOT: id ? { id } : undefined },
    });
    if (clash) throw DomainError.validation([refusal("gatewayCodeTaken", { code: data.code })]);
    const given = input.connector !== undefined ? sealGatewayConfig(input.connector, input.config, before) : null;
    assertConnectorServes(given?.connector ?? before?.adapter ?? null, data.method);
    // The form posts the configuration with every save: only one that differs from the stored one is a change.
    const chosen =
      given !== null && !(before && given === before.config && before.adapter === given.connector) ? given : null;
    let gateway: Gateway;
    let webhookSecret: string | null = null;
    if (!before) {
      const created = await tx.gateway.create({ data: { ...data, adapter: chosen?.connector ?? "none" } });
      if (chosen) gateway = await tx.gateway.update({ where: { id: created.id }, data: { config: json(chosen) } });
      else {
        const secret = newGatewaySecret();
        webhookSecret = secret.plain;
        const sandbox = sandboxGatewayConfig(created.id, secret.plain);
        gateway = await tx.gateway.update({
          where: { id: created.id },
          data: { adapter: sandbox.connector, config: json(sandbox) },
        });
      }
    } else {
      const renamed = before.code !== data.code && !before.formerCodes.includes(before.code);
      gateway = await tx.gateway.update({
        where: { id },
        data: {
          ...data,
          ...(renamed ? { formerCodes: { push: before.code } } : {}),
          ...(chosen ? { adapter: chosen.connector, config: json(chosen) } : {}),
        },
      });
    }
    const auditId = await recordAudit(tx, actor, {
      action: id ? "gateway.update" : "gateway.create",
      entityType: "gateway",
      entityId: gateway.id,
      before: audited(before),
      after: audited(gateway),
    });
    // A connector configuration given (where the gateway's money goes, the secret it signs with): a money setting.
    if (chosen)
      await alertMoneySettingChanged(tx, actor, {
        auditId,
        message: note("gatewayConnectorSet", { gateway: gateway.code, connector: chosen.connector, who: actor.label }),
      });
    return { ...gateway, webhookSecret };
  });
}

/**
 * Issues a new secret for a gateway whose connector signs with one (`secret`); shown once. With a grace
 * period the previous configuration keeps verifying the gateway's notifications until it ends, like
 * account secrets: the partner switches over without a notification refused in between.
 */
export async function rotateGatewaySecret(
  id: number,
  actor: Actor,
  graceSeconds = 0,
): Promise<{ id: number; code: string; webhookSecret: string; previousValidTo: Date | null }> {
  const validTo = graceEnd(graceSeconds);
  return inTransaction(async (tx) => {
    const gateway = await tx.gateway.findUnique({ where: { id } });
    if (!gateway) throw DomainError.notFound(refusal("doesNotExist", { entity: "gateway", id }));
    const current = gateway.config as SealedConfig | null;
    if (!current || !("secret" in current.sealed))
      throw DomainError.validation([refusal("gatewayNoSecret", { gateway: gateway.code })]);
    const secret = newGatewaySecret();
    const next: SealedConfig = {
      ...current,
      sealed: { ...current.sealed, secret: sealSecret("gateways.config", secret.plain) },
    };
    await tx.gateway.update({
      where: { id },
      data: { config: json(next), previousConfig: validTo ? json(current) : undefined, previousConfigUntil: validTo },
    });
    const auditId = await recordAudit(tx, actor, {
      action: "gateway.rotate_secret",
      entityType: "gateway",
      entityId: id,
      after: { code: gateway.code, previousConfigUntil: validTo?.toISOString() ?? null },
    });
    await alertMoneySettingChanged(tx, actor, {
      auditId,
      message: note("gatewaySecretRotated", { gateway: gateway.code, who: actor.label }),
    });
    return { id, code: gateway.code, webhookSecret: secret.plain, previousValidTo: validTo };
  });
}
