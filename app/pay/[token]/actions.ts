"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { startCardCheckout } from "@/lib/cards/start-checkout";
import { chooseDepositGateway } from "@/lib/third-party/choose-deposit-gateway";
import type { ActionState } from "@/lib/auth/action-user";
import { asApiError } from "@/lib/http/from-domain-error";
import { PAY_MESSAGES, type Lang } from "@/lib/i18n/pay-messages";
import { changeDepositAmount, customerDecision } from "@/lib/pay/customer-actions";
import { loadPayment } from "@/lib/pay/load-payment";
import { amountSchema, compareDecimal } from "@/lib/schemas/common";

const ERRORS = {
  en: { closed: "This payment can no longer be changed.", amount: "Enter an amount in the allowed range.", account: "No account can take this amount right now; try another amount." },
  tr: { closed: "Bu ödeme artık değiştirilemez.", amount: "İzin verilen aralıkta bir tutar girin.", account: "Şu anda bu tutarı alabilecek bir hesap yok; başka bir tutar deneyin." },
};

function lang(form: FormData): Lang {
  return form.get("lang") === "tr" ? "tr" : "en";
}

function explain(error: unknown, l: Lang): ActionState {
  const refusal = asApiError(error);
  if (refusal?.status === 422) return { error: ERRORS[l].account };
  if (refusal) return { error: ERRORS[l].closed };
  throw error;
}

export async function changeAmountAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const token = String(form.get("token"));
  const l = lang(form);
  const view = await loadPayment(token);
  const parsed = amountSchema({ min: "0.01", allowString: true }).safeParse(String(form.get("amount") ?? "").replace(",", "."));
  if (!view?.range || !parsed.success || compareDecimal(parsed.data, view.range.min) < 0 || compareDecimal(parsed.data, view.range.max) > 0) {
    return { error: ERRORS[l].amount };
  }
  try {
    await changeDepositAmount(token, parsed.data);
  } catch (error) {
    return explain(error, l);
  }
  revalidatePath(`/pay/${token}`);
  return { ok: PAY_MESSAGES[l].amount };
}

export async function decisionAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const token = String(form.get("token"));
  try {
    await customerDecision(token, form.get("decision") === "cancel" ? "cancel" : "sent");
  } catch (error) {
    return explain(error, lang(form));
  }
  revalidatePath(`/pay/${token}`);
  return {};
}

export async function cardCheckoutAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const l = lang(form);
  let target: string;
  try {
    target = await startCardCheckout(String(form.get("token")), l);
  } catch (error) {
    return explain(error, l);
  }
  redirect(target);
}

export async function chooseGatewayAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const token = String(form.get("token"));
  const l = lang(form);
  const gatewayId = Number(form.get("gateway"));
  if (!Number.isInteger(gatewayId) || gatewayId <= 0) return { error: PAY_MESSAGES[l].noGateway };
  try {
    await chooseDepositGateway(token, gatewayId, String(form.get("cryptoType") ?? "") || undefined);
  } catch (error) {
    const refusal = asApiError(error);
    if (refusal?.status === 422) return { error: String((refusal.body.messages as string[])[0]) };
    return explain(error, l);
  }
  revalidatePath(`/pay/${token}`);
  return {};
}
