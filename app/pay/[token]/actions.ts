"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { clientIp } from "@/lib/base/net/client-ip";
import { startCardCheckout } from "@/lib/domain/cards/start-checkout";
import { chooseDepositGateway, GATEWAY_UNAVAILABLE } from "@/lib/domain/third-party/choose-deposit-gateway";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";
import { PAY_MESSAGES } from "@/lib/edge/i18n/pay/messages";
import { changeDepositAmount, customerDecision } from "@/lib/domain/customers/customer-actions";
import { loadPayment } from "@/lib/edge/pay/load-payment";
import { paymentAction, showChanged } from "@/lib/edge/pay/payment-action";
import { formatMoney } from "@/lib/base/money/format-money";
import { parseAmountInput } from "@/lib/base/money/parse-amount-input";
import { compareDecimal } from "@/lib/base/money/compare-decimal";
import { isLargeAmountChange } from "@/lib/edge/pay/amount-change";
import { returnUrlWith } from "@/lib/domain/sites/return-url";

/**
 * The hosted payment page's actions, each one paymentAction(...) (lib/edge/pay/payment-action.ts): the
 * token is checked before anything is read, and refusals are worded for the customer there.
 */
export type AmountState = ActionState & { confirm?: { amount: string; question: string; yes: string; no: string } };

export const changeAmountAction = paymentAction<AmountState>(async ({ token, lang: l, form }) => {
  // "No, keep the amount" of the confirmation: nothing changes, the form comes back.
  if (form.get("keep")) return {};
  const view = await loadPayment(token);
  // With little time left the form is no longer offered: a post that was on its way is refused the same way.
  if (!view?.range || view.lowTime) throw DomainError.conflict("Not open", refusal("cannotChange"));
  // "1.750,50" and "1750.50" both mean what the customer typed; the message names the range in their format.
  const amount = parseAmountInput(String(form.get("amount") ?? ""));
  if (!amount || compareDecimal(amount, view.range.min) < 0 || compareDecimal(amount, view.range.max) > 0) {
    return { error: PAY_MESSAGES[l].errors.amount(formatMoney(view.range.min, l), formatMoney(view.range.max, l)) };
  }
  // A change past twice or below half is saved only once the customer confirmed it seeing both amounts.
  if (form.get("confirmed") !== amount && isLargeAmountChange(view.amount, amount)) {
    // Worded here, in the customer's language: the form in the browser carries no dictionary.
    const [from, to, t] = [formatMoney(view.amount, l), formatMoney(amount, l), PAY_MESSAGES[l]];
    return {
      confirm: { amount, question: t.amountCheck(from, to), yes: t.amountCheckYes(to), no: t.amountCheckNo(from) },
    };
  }
  await changeDepositAmount(token, amount);
  return showChanged(token);
});

/** "I have sent the money", or a cancel, which takes the customer back to the site where it has a return URL. */
export const decisionAction = paymentAction(async ({ token, form }) => {
  const cancel = form.get("decision") === "cancel";
  await customerDecision(token, cancel ? "cancel" : "sent");
  const view = cancel ? await loadPayment(token) : null;
  if (view?.returnUrl)
    redirect(returnUrlWith(view.returnUrl, { status: view.status, trackingCode: view.trackingCode }));
  return showChanged(token);
});

/** Opens the dealer's acquirer checkout and follows its step: a redirect, or our page that performs the others. */
export const cardCheckoutAction = paymentAction<ActionState>(async ({ token, lang: l }) => {
  const next = await startCardCheckout(token, l, clientIp(await headers()));
  redirect(next.kind === "redirect" ? next.url : `/api/pay/${token}/card-step?lang=${l}`);
});

export const chooseGatewayAction = paymentAction(async ({ token, lang: l, form }) => {
  // A gateway ("12"), or one of a crypto gateway's coins ("12:USDT-TRC20"): one radio button each on the page.
  const [id = "", coin] = String(form.get("gateway") ?? "").split(":");
  const gatewayId = Number(id);
  if (!Number.isInteger(gatewayId) || gatewayId <= 0) return { error: PAY_MESSAGES[l].noGateway };
  try {
    await chooseDepositGateway(token, gatewayId, coin || String(form.get("cryptoType") ?? "") || undefined);
  } catch (error) {
    // The gateway's own words are English and meant for staff; the customer reads what they can do next.
    if (error instanceof DomainError && error.details.title === GATEWAY_UNAVAILABLE)
      return { error: PAY_MESSAGES[l].errors.gatewayBusy };
    if (error instanceof DomainError && error.code === "VALIDATION")
      return { error: PAY_MESSAGES[l].errors.gatewayRefused };
    throw error;
  }
  return showChanged(token);
});
