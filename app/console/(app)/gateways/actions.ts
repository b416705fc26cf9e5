"use server";

import { unreachableWords } from "@/lib/edge/console/unreachable-words";
import { z } from "zod";
import { DomainError } from "@/lib/base/errors/domain-error";
import { testGatewayConnection } from "@/lib/domain/third-party/gateway-connection";
import { findGatewayForConsole } from "@/lib/domain/third-party/find-gateway";
import { rotateGatewaySecret, saveGateway } from "@/lib/domain/third-party/save-gateway";
import { consoleAction, isNotFound } from "@/lib/edge/console/console-action";
import { connectorChoice } from "@/lib/edge/console/connector-form";
import { formField } from "@/lib/edge/console/form-fields";
import { describeRefusal } from "@/lib/edge/console/action-error";

const ADMINS = ["ADMIN"] as const;

// Money moves: a gateway's connector configuration says where its money goes and which secret signs for it.
export const saveGatewayAction = consoleAction({
  roles: ADMINS,
  moneySetting: true,
  schema: z.object({
    id: z.unknown(),
    method: formField.text,
    name: formField.text,
    code: formField.text,
    minAmount: formField.amount,
    maxAmount: formField.amount,
    requiredFields: formField.text,
    supportedCryptoTypes: formField.text,
    description: formField.text,
    descriptionTr: formField.text,
    isActive: formField.flag,
    connector: formField.text,
    config: formField.text,
  }),
  run: async ({ input: { id, method, connector, config, ...fields }, actor, t: messages }) => {
    const t = messages.gateways;
    const choice = connectorChoice(connector, config);
    if (choice === "invalid") return { error: t.configNotJson };
    try {
      const gateway = await saveGateway(
        id ? Number(id) : undefined,
        { ...fields, method: method as "BANK", ...(choice ?? {}) },
        { userId: actor.userId, label: actor.label, ip: actor.ip },
      );
      // A new gateway's secret is shown in this response only (the partner needs it to sign notifications).
      return {
        ok: t.saved(gateway.name),
        ...(gateway.webhookSecret ? { secrets: [{ label: t.webhookSecret, value: gateway.webhookSecret }] } : {}),
      };
    } catch (error) {
      // The form's problems in the operator's words; a missing gateway is the frame's one refusal.
      if (error instanceof DomainError && !isNotFound(error)) return { error: describeRefusal(error, messages)! };
      throw error;
    }
  },
});

export const rotateGatewaySecretAction = consoleAction({
  roles: ADMINS,
  moneySetting: true,
  schema: z.object({ id: formField.id, grace: formField.text }),
  run: async ({ input, actor, t }) => {
    const grace = /^\d{1,7}$/.test(input.grace) ? Number(input.grace) : 0;
    const rotated = await rotateGatewaySecret(
      input.id ?? 0,
      { userId: actor.userId, label: actor.label, ip: actor.ip },
      grace,
    );
    return {
      ok: t.gateways.secretIssued(rotated.code),
      secrets: [{ label: t.gateways.webhookSecret, value: rotated.webhookSecret }],
    };
  },
});

export const testGatewayConnectionAction = consoleAction({
  roles: ADMINS,
  schema: z.object({ id: formField.id }),
  run: async ({ input, t }) => {
    const gateway = await findGatewayForConsole(input.id ?? 0);
    const check = await testGatewayConnection(gateway);
    if (check.ok) return { ok: t.gateways.connectionOk(check.message) };
    return { error: unreachableWords(gateway.name, check.message, t) ?? t.gateways.connectionFailed(check.message) };
  },
});
