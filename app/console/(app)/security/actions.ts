"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { DomainError } from "@/lib/base/errors/domain-error";
import { TOO_MANY_ATTEMPTS, verifyOwnSecondFactorWithinLimits } from "@/lib/domain/users/authenticate-console-user";
import { confirmTotpEnrolment, disableTotp, startTotpEnrolment } from "@/lib/domain/users/second-factor";
import { consoleAction } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";

/** Every signed-in console user manages their own second factor, and only their own. */
const ANY_ROLE = ["ADMIN", "DEALER", "PROVIDER"] as const;
const codeForm = z.object({ code: formField.text });

export const startTotpAction = consoleAction({
  roles: ANY_ROLE,
  schema: codeForm,
  run: async ({ user, t }) => {
    if (user.totpEnabled) return { error: t.secondFactor.alreadyOn };
    await startTotpEnrolment(user.id);
    revalidatePath("/console/security");
    return { ok: t.secondFactor.scan };
  },
});

export const confirmTotpAction = consoleAction({
  roles: ANY_ROLE,
  schema: codeForm,
  run: async ({ input, user, actor, t }) => {
    try {
      const codes = await confirmTotpEnrolment(user.id, input.code, actor);
      return {
        ok: t.secondFactor.confirmed,
        secrets: [{ label: t.secondFactor.recoveryCodes, value: codes.join(" ") }],
      };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return {
        error:
          error.code === "CONFLICT"
            ? t.secondFactor.alreadyOn
            : error.message.includes("start")
              ? t.secondFactor.notStarted
              : t.secondFactor.wrongCode,
      };
    }
  },
});

/**
 * Turning it off takes a current code (or a recovery code), so a session left open cannot remove it; the
 * guesses count against the account's sign-in attempt limits.
 */
export const disableTotpAction = consoleAction({
  roles: ANY_ROLE,
  schema: codeForm,
  run: async ({ input, user, actor, t }) => {
    const right = await verifyOwnSecondFactorWithinLimits(user.id, input.code, actor.ip ?? null).catch(
      (error: unknown) => {
        if (error instanceof Error && error.message === TOO_MANY_ATTEMPTS) return "limited" as const;
        throw error;
      },
    );
    if (right === "limited") return { error: t.secondFactor.tooManyAttempts };
    if (!right) return { error: t.secondFactor.wrongCode };
    await disableTotp(user.id, actor);
    return { ok: t.secondFactor.turnedOff };
  },
});
