"use server";

import { formatMoney } from "@/lib/base/money/format-money";
import { revalidatePath } from "next/cache";
import { actionUser, type ActionState } from "@/lib/edge/auth/action-user";
import { formFlag, formId, formText } from "@/lib/edge/console/form-values";
import { guardedAction } from "@/lib/edge/console/guarded-action";
import { targetDealer } from "@/lib/edge/console/target-dealer";
import { addEibanWallet } from "@/lib/domain/eiban/add-eiban-wallet";
import { reconcileWallets } from "@/lib/domain/eiban/reconcile-wallets";
import { updateEibanWallet } from "@/lib/domain/eiban/update-eiban-wallet";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

export async function reconcileAction(): Promise<ActionState> {
  const t = (await consoleMessages()).eibanWallets;
  const user = await actionUser(["ADMIN", "DEALER"]);
  if (!user) return { error: t.roleCannotReconcile };
  const results = await reconcileWallets(user.role === "DEALER" ? (user.dealerId ?? -1) : undefined);
  revalidatePath("/console/eiban-wallets");
  const mismatched = results.filter((r) => !r.matches);
  return mismatched.length
    ? { error: t.differ(mismatched.length, results.length, mismatched.map((r) => r.walletId).join(", ")) }
    : { ok: t.allMatch(results.length) };
}

const STAFF_ONLY = (t: ConsoleMessages) => t.eibanWallets.staffOnly;

/** Admins only: a wallet decides whose books a bank account's money lands in, so dealers cannot add one. */
export async function addEibanWalletAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], (t) => t.eibanWallets.adminsOnly, async (user, actor, t) => {
    const target = targetDealer(user, form, t.errors);
    if ("error" in target) return target;
    const created = await addEibanWallet({ dealerId: target.dealerId, iban: formText(form, "iban"), bankName: formText(form, "bankName"), accountName: formText(form, "accountName") }, actor);
    revalidatePath("/console/eiban-wallets");
    return { ok: t.eibanWallets.added(created.wallet_id, formatMoney(created.balance, t.lang)) };
  });
}

export async function updateEibanWalletAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN", "DEALER"], STAFF_ONLY, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return { error: t.eibanWallets.unknown };
    // updateEibanWallet refuses another dealer's wallet for dealer staff (actor.dealerId), in its transaction.
    const saved = await updateEibanWallet(id, { bankName: formText(form, "bankName"), accountName: formText(form, "accountName"), isActive: formFlag(form, "isActive") }, actor);
    revalidatePath("/console/eiban-wallets");
    return { ok: saved.isActive ? t.common.saved : t.eibanWallets.savedInactive };
  });
}
