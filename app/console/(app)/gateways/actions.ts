"use server";

import { z } from "zod";
import { DomainError } from "@/lib/base/errors/domain-error";
import { rotateGatewaySecret, saveGateway } from "@/lib/domain/third-party/save-gateway";
import { consoleAction, isNotFound } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";

const ADMINS = ["ADMIN"] as const;

export const saveGatewayAction = consoleAction({
  roles: ADMINS,
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
    isActive: formField.flag,
  }),
  run: async ({ input: { id, method, ...fields }, actor, t: messages }) => {
    const t = messages.gateways;
    try {
      const gateway = await saveGateway(id ? Number(id) : undefined, { ...fields, method: method as "BANK" }, { userId: actor.userId, label: actor.label, ip: actor.ip });
      // A new gateway's secret is shown in this response only (the partner needs it to sign notifications).
      return { ok: t.saved(gateway.name), ...(gateway.webhookSecret ? { secrets: [{ label: t.webhookSecret, value: gateway.webhookSecret }] } : {}) };
    } catch (error) {
      // The form's problems as the domain words them, one line; a missing gateway is the frame's one refusal.
      if (error instanceof DomainError && !isNotFound(error)) return { error: (error.details.messages ?? [error.message]).join(" ") };
      throw error;
    }
  },
});

export const rotateGatewaySecretAction = consoleAction({
  roles: ADMINS,
  schema: z.object({ id: formField.id }),
  run: async ({ input, actor, t }) => {
    const rotated = await rotateGatewaySecret(input.id ?? 0, { userId: actor.userId, label: actor.label, ip: actor.ip });
    return { ok: t.gateways.secretIssued(rotated.code), secrets: [{ label: t.gateways.webhookSecret, value: rotated.webhookSecret }] };
  },
});
