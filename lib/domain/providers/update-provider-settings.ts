import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { validate } from "@/lib/domain/schemas/validate";
import { providerSettingsSchema } from "@/lib/domain/schemas/provider-settings";
import { refusal } from "@/lib/base/messages/errors";

export async function updateProviderSettings(id: number, input: unknown, actor: Actor) {
  const data = validate(providerSettingsSchema, input);
  return inTransaction(async (tx) => {
    const before = await tx.provider.findUnique({
      where: { id },
      select: { rateLimitPerMinute: true, embedOrigins: true },
    });
    if (!before) throw DomainError.notFound(refusal("doesNotExist", { entity: "provider", id }));
    const after = await tx.provider.update({
      where: { id },
      data,
      select: { rateLimitPerMinute: true, embedOrigins: true },
    });
    await recordAudit(tx, actor, { action: "provider.settings", entityType: "provider", entityId: id, before, after });
    return after;
  });
}
