"use server";

import { actionUser, type ActionState } from "@/lib/auth/action-user";
import { refundCardPayment } from "@/lib/cards/refund-card-payment";
import { ApiError } from "@/lib/http/api-error";

export async function refundAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const user = await actionUser(["ADMIN", "DEALER"]);
  if (!user) return { error: "Your role cannot refund payments." };
  try {
    const refunded = await refundCardPayment(Number(form.get("id")), { userId: user.id, label: user.email, dealerId: user.role === "DEALER" ? (user.dealerId ?? -1) : null }, String(form.get("reason") ?? "").trim() || undefined);
    return { ok: `${refunded.trackingCode} refunded.` };
  } catch (error) {
    if (error instanceof ApiError) return { error: String(error.body.message) };
    throw error;
  }
}
