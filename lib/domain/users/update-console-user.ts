import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { alertMoneySettingChanged } from "@/lib/domain/alerts/money-setting-alert";
import { note } from "@/lib/base/messages/notes";
import { hashPassword } from "@/lib/base/crypto/password";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { validate } from "@/lib/domain/schemas/validate";
import { updateConsoleUserSchema, type UpdateConsoleUserInput } from "@/lib/domain/schemas/console-user";
import { refusal } from "@/lib/base/messages/errors";

/**
 * (De)activates a console user or sets a new password. Either ends the user's open sessions at once: the
 * session version is raised, and every request compares it with the one the session was issued with.
 * Admins cannot deactivate themselves, so one always remains. A reactivation, or a password set by someone
 * else, gives the account its access anew from that person's hand (four-eyes eligibility counts from then);
 * for an admin account it is a money setting, alerted.
 */
export async function updateConsoleUser(id: number, input: UpdateConsoleUserInput, actor: Actor) {
  const data = validate(updateConsoleUserSchema, input);
  if (data.isActive === false && actor.userId === id) throw DomainError.validation([refusal("ownAccount")]);
  const passwordHash = data.password === undefined ? undefined : await hashPassword(data.password);
  return inTransaction(async (tx) => {
    const before = await tx.consoleUser.findUnique({
      where: { id },
      select: { email: true, isActive: true, role: true },
    });
    if (!before) throw DomainError.notFound(refusal("doesNotExist", { entity: "console_user", id }));
    const ends = passwordHash !== undefined || (data.isActive !== undefined && data.isActive !== before.isActive);
    const reactivated = data.isActive === true && !before.isActive;
    const passwordByAnother = passwordHash !== undefined && actor.userId !== id;
    const granted =
      reactivated || passwordByAnother ? { accessGrantedAt: new Date(), accessGrantedBy: actor.userId ?? null } : {};
    const after = await tx.consoleUser.update({
      where: { id },
      data: {
        isActive: data.isActive,
        passwordHash,
        ...granted,
        ...(ends ? { sessionVersion: { increment: 1 } } : {}),
      },
      select: { email: true, isActive: true },
    });
    // The password itself (or its hash) never reaches the audit log: only the fact that it changed.
    const auditId = await recordAudit(tx, actor, {
      action: passwordHash ? "user.set_password" : "user.update",
      entityType: "console_user",
      entityId: id,
      before: { isActive: before.isActive },
      after: { isActive: after.isActive, ...(passwordHash ? { passwordChanged: true } : {}) },
    });
    if (before.role === "ADMIN" && (reactivated || passwordByAnother)) {
      await alertMoneySettingChanged(tx, actor, {
        auditId,
        message: note(reactivated ? "adminReactivated" : "adminPasswordSet", { email: after.email, who: actor.label }),
      });
    }
    return after;
  });
}
