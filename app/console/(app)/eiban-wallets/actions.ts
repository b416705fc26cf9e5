"use server";

import { revalidatePath } from "next/cache";
import { actionUser, type ActionState } from "@/lib/auth/action-user";
import { formFlag, formId, formText } from "@/lib/console/form-values";
import { guardedAction } from "@/lib/console/guarded-action";
import { targetDealer } from "@/lib/console/target-dealer";
import { addEibanWallet } from "@/lib/eiban/add-eiban-wallet";
import { reconcileWallets } from "@/lib/eiban/reconcile-wallets";
import { updateEibanWallet } from "@/lib/eiban/update-eiban-wallet";

export async function reconcileAction(): Promise<ActionState> {
  const user = await actionUser(["ADMIN", "DEALER"]);
  if (!user) return { error: "Your role cannot reconcile wallets." };
  const results = await reconcileWallets(user.role === "DEALER" ? (user.dealerId ?? -1) : undefined);
  revalidatePath("/console/eiban-wallets");
  const mismatched = results.filter((r) => !r.matches);
  return mismatched.length
    ? { error: `${mismatched.length} of ${results.length} wallets differ from the bank: ${mismatched.map((r) => r.walletId).join(", ")}.` }
    : { ok: `All ${results.length} wallets match the bank.` };
}

const STAFF_ONLY = "Only admins and dealer staff manage E-IBAN wallets.";

export async function addEibanWalletAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN", "DEALER"], STAFF_ONLY, async (user, actor) => {
    const target = targetDealer(user, form);
    if ("error" in target) return target;
    const created = await addEibanWallet(
      {
        dealerId: target.dealerId,
        iban: formText(form, "iban"),
        bankName: formText(form, "bankName"),
        accountName: formText(form, "accountName"),
        balance: formText(form, "balance").trim().replace(",", ".") || "0.00",
      },
      actor,
    );
    revalidatePath("/console/eiban-wallets");
    return { ok: `Wallet ${created.wallet_id} added; it joins the E-IBAN deposit rotation.` };
  });
}

export async function updateEibanWalletAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN", "DEALER"], STAFF_ONLY, async (_user, actor) => {
    const id = formId(form);
    if (!id) return { error: "Unknown wallet: reload the page." };
    // updateEibanWallet refuses another dealer's wallet for dealer staff (actor.dealerId), in its transaction.
    const saved = await updateEibanWallet(id, { bankName: formText(form, "bankName"), accountName: formText(form, "accountName"), isActive: formFlag(form, "isActive") }, actor);
    revalidatePath("/console/eiban-wallets");
    return { ok: saved.isActive ? "Saved." : "Saved. The wallet is inactive: it is no longer offered for deposits." };
  });
}
