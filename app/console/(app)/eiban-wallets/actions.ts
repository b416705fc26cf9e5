"use server";

import { revalidatePath } from "next/cache";
import { actionUser, type ActionState } from "@/lib/auth/action-user";
import { reconcileWallets } from "@/lib/eiban/reconcile-wallets";

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
