"use server";

import { revalidatePath } from "next/cache";
import { DomainError } from "@/lib/base/errors/domain-error";
import { confirmTotpEnrolment, disableTotp, startTotpEnrolment, verifySecondFactor } from "@/lib/domain/users/second-factor";
import { prisma } from "@/lib/base/db/prisma";
import { actionUser, type ActionState } from "@/lib/edge/auth/action-user";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

const ANY_ROLE = ["ADMIN", "DEALER", "PROVIDER"] as const;

export async function startTotpAction(): Promise<ActionState> {
  const t = await consoleMessages();
  const user = await actionUser([...ANY_ROLE]);
  if (!user) return { error: t.secondFactor.signedOut };
  if (user.totpEnabled) return { error: t.secondFactor.alreadyOn };
  await startTotpEnrolment(user.id);
  revalidatePath("/console/security");
  return { ok: t.secondFactor.scan };
}

export async function confirmTotpAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const t = await consoleMessages();
  const user = await actionUser([...ANY_ROLE]);
  if (!user) return { error: t.secondFactor.signedOut };
  try {
    const codes = await confirmTotpEnrolment(user.id, String(form.get("code") ?? ""), { userId: user.id, label: user.email });
    return { ok: t.secondFactor.confirmed, secrets: [{ label: t.secondFactor.recoveryCodes, value: codes.join(" ") }] };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { error: error.code === "CONFLICT" ? t.secondFactor.alreadyOn : error.message.includes("start") ? t.secondFactor.notStarted : t.secondFactor.wrongCode };
  }
}

/** Turning it off takes a current code (or a recovery code), so a session left open cannot remove it. */
export async function disableTotpAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const t = await consoleMessages();
  const user = await actionUser([...ANY_ROLE]);
  if (!user) return { error: t.secondFactor.signedOut };
  const row = await prisma.consoleUser.findUniqueOrThrow({ where: { id: user.id } });
  if (!(await verifySecondFactor(row, String(form.get("code") ?? "").trim()))) return { error: t.secondFactor.wrongCode };
  await disableTotp(user.id, { userId: user.id, label: user.email });
  return { ok: t.secondFactor.turnedOff };
}
