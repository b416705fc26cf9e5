"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { clientIp } from "@/lib/base/net/client-ip";
import type { NextStep } from "@/lib/integrations/connectors/ports";
import { startCardCheckout } from "@/lib/domain/cards/start-checkout";
import { chooseDepositGateway, GATEWAY_UNAVAILABLE } from "@/lib/domain/third-party/choose-deposit-gateway";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { DomainError } from "@/lib/base/errors/domain-error";
import { asApiError } from "@/lib/edge/http/from-domain-error";
import { PAY_MESSAGES, type Lang } from "@/lib/edge/i18n/pay-messages";
import { changeDepositAmount, customerDecision } from "@/lib/edge/pay/customer-actions";
import { loadPayment } from "@/lib/edge/pay/load-payment";
import { formatMoney } from "@/lib/base/money/format-money";
import { parseAmountInput } from "@/lib/base/money/parse-amount-input";
import { compareDecimal } from "@/lib/base/money/compare-decimal";
import { logger } from "@/lib/base/observability/logger";
import { isLargeAmountChange } from "@/lib/edge/pay/amount-change";

function lang(form: FormData): Lang {
  return form.get("lang") === "tr" ? "tr" : "en";
}

/**
 * A refusal in the customer's words; the page is re-rendered too, so it shows where the payment stands.
 * Anything unexpected is logged and answered with a worded, retryable message: a thrown error would replace
 * the page with the framework's generic error screen, which tells the customer nothing.
 */
function explain(error: unknown, l: Lang, token: string): ActionState {
  const refusal = asApiError(error);
  if (!refusal) {
    logger.error({ err: error, path: "/pay/[token]" }, "payment page action failed");
    return { error: PAY_MESSAGES[l].errors.unexpected };
  }
  revalidatePath(`/pay/${token}`);
  return { error: refusal.status === 422 ? PAY_MESSAGES[l].errors.account : PAY_MESSAGES[l].errors.closed };
}

export type AmountState = ActionState & { confirm?: { from: string; to: string; amount: string } };

export async function changeAmountAction(_prev: AmountState, form: FormData): Promise<AmountState> {
  const token = String(form.get("token"));
  const l = lang(form);
  // "No, keep the amount" of the confirmation: nothing changes, the form comes back.
  if (form.get("keep")) return {};
  const view = await loadPayment(token);
  if (!view?.range) return explain(DomainError.conflict("Not open", "This payment can no longer be changed."), l, token);
  // "1.750,50" and "1750.50" both mean what the customer typed; the message names the range in their format.
  const amount = parseAmountInput(String(form.get("amount") ?? ""));
  if (!amount || compareDecimal(amount, view.range.min) < 0 || compareDecimal(amount, view.range.max) > 0) {
    return { error: PAY_MESSAGES[l].errors.amount(formatMoney(view.range.min, l), formatMoney(view.range.max, l)) };
  }
  // A change past twice or below half is saved only once the customer confirmed it seeing both amounts.
  if (form.get("confirmed") !== amount && isLargeAmountChange(view.amount, amount)) {
    return { confirm: { from: formatMoney(view.amount, l), to: formatMoney(amount, l), amount } };
  }
  try {
    await changeDepositAmount(token, amount);
  } catch (error) {
    return explain(error, l, token);
  }
  revalidatePath(`/pay/${token}`);
  return {};
}

export async function decisionAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const token = String(form.get("token"));
  try {
    await customerDecision(token, form.get("decision") === "cancel" ? "cancel" : "sent");
  } catch (error) {
    return explain(error, lang(form), token);
  }
  revalidatePath(`/pay/${token}`);
  return {};
}

/** Opens the dealer's acquirer checkout and follows its step: a redirect, or our page that performs the others. */
export async function cardCheckoutAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const l = lang(form);
  const token = String(form.get("token"));
  let next: NextStep;
  try {
    next = await startCardCheckout(token, l, clientIp(await headers()));
  } catch (error) {
    return explain(error, l, token);
  }
  redirect(next.kind === "redirect" ? next.url : `/api/pay/${token}/card-step?lang=${l}`);
}

export async function chooseGatewayAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const token = String(form.get("token"));
  const l = lang(form);
  const gatewayId = Number(form.get("gateway"));
  if (!Number.isInteger(gatewayId) || gatewayId <= 0) return { error: PAY_MESSAGES[l].noGateway };
  try {
    await chooseDepositGateway(token, gatewayId, String(form.get("cryptoType") ?? "") || undefined);
  } catch (error) {
    // The gateway's own words are English and meant for staff; the customer reads what they can do next.
    if (error instanceof DomainError && error.details.title === GATEWAY_UNAVAILABLE) return { error: PAY_MESSAGES[l].errors.gatewayBusy };
    if (error instanceof DomainError && error.code === "VALIDATION") return { error: PAY_MESSAGES[l].errors.gatewayRefused };
    return explain(error, l, token);
  }
  revalidatePath(`/pay/${token}`);
  return {};
}
