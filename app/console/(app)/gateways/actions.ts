"use server";

import { formAmount } from "@/lib/edge/console/form-values";
import { actionUser, type ActionState } from "@/lib/edge/auth/action-user";
import { describeRefusal } from "@/lib/edge/console/action-error";
import { rotateGatewaySecret, saveGateway } from "@/lib/domain/third-party/save-gateway";
import { DomainError } from "@/lib/base/errors/domain-error";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { prisma } from "@/lib/base/db/prisma";
import { testGatewayConnection } from "@/lib/domain/third-party/gateway-connection";
import { connectorChoiceFromForm } from "@/lib/edge/console/connector-form";

export async function saveGatewayAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const t = (await consoleMessages()).gateways;
  const user = await actionUser(["ADMIN"]);
  if (!user) return { error: t.adminsOnly };
  const id = form.get("id") ? Number(form.get("id")) : undefined;
  const choice = connectorChoiceFromForm(form);
  if (choice === "invalid") return { error: t.configNotJson };
  try {
    const gateway = await saveGateway(
      id,
      {
        method: String(form.get("method")) as "BANK",
        name: String(form.get("name") ?? ""),
        code: String(form.get("code") ?? ""),
        minAmount: formAmount(form, "minAmount"),
        maxAmount: formAmount(form, "maxAmount"),
        requiredFields: String(form.get("requiredFields") ?? ""),
        supportedCryptoTypes: String(form.get("supportedCryptoTypes") ?? ""),
        description: String(form.get("description") ?? ""),
        isActive: form.get("isActive") === "on",
        ...(choice ?? {}),
      },
      { userId: user.id, label: user.email },
    );
    // A new gateway's secret is shown in this response only (the partner needs it to sign notifications).
    return { ok: t.saved(gateway.name), ...(gateway.webhookSecret ? { secrets: [{ label: t.webhookSecret, value: gateway.webhookSecret }] } : {}) };
  } catch (error) {
    if (error instanceof DomainError) return { error: (error.details.messages ?? [error.message]).join(" ") };
    throw error;
  }
}

export async function rotateGatewaySecretAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const messages = await consoleMessages();
  const user = await actionUser(["ADMIN"]);
  if (!user) return { error: messages.gateways.adminsOnly };
  try {
    const rotated = await rotateGatewaySecret(Number(form.get("id")), { userId: user.id, label: user.email }, Number(form.get("grace") ?? 0));
    return { ok: messages.gateways.secretIssued(rotated.code), secrets: [{ label: messages.gateways.webhookSecret, value: rotated.webhookSecret }] };
  } catch (error) {
    const text = describeRefusal(error, messages);
    if (text === null) throw error;
    return { error: text };
  }
}

export async function testGatewayConnectionAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const t = (await consoleMessages()).gateways;
  const user = await actionUser(["ADMIN"]);
  if (!user) return { error: t.adminsOnly };
  const gateway = await prisma.gateway.findUnique({ where: { id: Number(form.get("id")) } });
  if (!gateway) return { error: t.connectionFailed("-") };
  const check = await testGatewayConnection(gateway);
  return check.ok ? { ok: t.connectionOk(check.message) } : { error: t.connectionFailed(check.message) };
}
