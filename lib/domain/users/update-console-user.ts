import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { hashPassword } from "@/lib/base/crypto/password";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { validate } from "@/lib/domain/schemas/validate";
import { updateConsoleUserSchema, type UpdateConsoleUserInput } from "@/lib/domain/schemas/console-user";
import { refusal } from "@/lib/base/messages/errors";

/**
 * (De)activates a console user or sets a new password. Either ends the user's open sessions at once: the
 * session version is raised, and every request compares it with the one the session was issued with.
 * Admins cannot deactivate themselves, so one always remains.
 */
export async function updateConsoleUser(id: number, input: UpdateConsoleUserInput, actor: Actor) {
  const data = validate(updateConsoleUserSchema, input);
  if (data.isActive === false && actor.userId === id) throw DomainError.validation([refusal("ownAccount")]);
  const passwordHash = data.password === undefined ? undefined : await hashPassword(data.password);
  return inTransaction(async (tx) => {
    const before = await tx.consoleUser.findUnique({ where: { id }, select: { email: true, isActive: true } });
    if (!before) throw DomainError.notFound(refusal("doesNotExist", { entity: "console_user", id }));
    const ends = passwordHash !== undefined || (data.isActive !== undefined && data.isActive !== before.isActive);
    const after = await tx.consoleUser.update({
      where: { id },
      data: { isActive: data.isActive, passwordHash, ...(ends ? { sessionVersion: { increment: 1 } } : {}) },
      select: { email: true, isActive: true },
    });
    // The password itself (or its hash) never reaches the audit log: only the fact that it changed.
    await recordAudit(tx, actor, {
      action: passwordHash ? "user.set_password" : "user.update",
      entityType: "console_user",
      entityId: id,
      before: { isActive: before.isActive },
      after: { isActive: after.isActive, ...(passwordHash ? { passwordChanged: true } : {}) },
    });
    return after;
  });
}
