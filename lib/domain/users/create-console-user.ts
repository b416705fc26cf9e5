import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { alertMoneySettingChanged } from "@/lib/domain/alerts/money-setting-alert";
import { note } from "@/lib/base/messages/notes";
import { hashPassword } from "@/lib/base/crypto/password";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { validate } from "@/lib/domain/schemas/validate";
import { createConsoleUserSchema, type CreateConsoleUserInput } from "@/lib/domain/schemas/console-user";
import { refusal } from "@/lib/base/messages/errors";

const ROLES = { admin: "ADMIN", dealer: "DEALER", provider: "PROVIDER" } as const;

/**
 * Creates a console user, recording who granted its access (for four-eyes eligibility: an admin account
 * counts as a second person only on proposals made after its creation, and never on its creator's). A new
 * admin is a money setting: audited and alerted (the console asks for a second factor first).
 */
export async function createConsoleUser(input: CreateConsoleUserInput, actor: Actor) {
  const data = validate(createConsoleUserSchema, input);
  const passwordHash = await hashPassword(data.password);
  return inTransaction(async (tx) => {
    if (await tx.consoleUser.findUnique({ where: { email: data.email } })) {
      throw DomainError.validation([refusal("emailTaken", { email: data.email })]);
    }
    if (data.dealerId && !(await tx.dealer.findUnique({ where: { id: data.dealerId } }))) {
      throw DomainError.validation([refusal("referenceMissing", { entity: "dealer", id: data.dealerId })]);
    }
    if (data.providerId && !(await tx.provider.findUnique({ where: { id: data.providerId } }))) {
      throw DomainError.validation([refusal("referenceMissing", { entity: "provider", id: data.providerId })]);
    }
    const user = await tx.consoleUser.create({
      data: {
        email: data.email,
        passwordHash,
        role: ROLES[data.role],
        dealerId: data.dealerId ?? null,
        providerId: data.providerId ?? null,
        accessGrantedBy: actor.userId ?? null,
      },
    });
    const auditId = await recordAudit(tx, actor, {
      action: "user.create",
      entityType: "console_user",
      entityId: user.id,
      after: { email: user.email, role: user.role },
    });
    if (user.role === "ADMIN")
      await alertMoneySettingChanged(tx, actor, {
        auditId,
        message: note("adminCreated", { email: user.email, who: actor.label }),
      });
    return { id: user.id, email: user.email, role: data.role };
  });
}
