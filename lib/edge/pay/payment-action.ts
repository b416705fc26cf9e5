import { revalidatePath } from "next/cache";
import { unstable_rethrow } from "next/navigation";
import { DomainError } from "@/lib/base/errors/domain-error";
import { logger } from "@/lib/base/observability/logger";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { asApiError } from "@/lib/edge/http/from-domain-error";
import { PAY_MESSAGES, type Lang } from "@/lib/edge/i18n/pay/messages";
import { refusal } from "@/lib/base/messages/errors";
import { customerRefusal } from "./customer-refusal";

/** What a payment page action's `run` is given once the token has the shape of one. */
export type PaymentAct = { token: string; lang: Lang; form: FormData };

/** A payment token as the service issues them; anything else is refused before a row is read. */
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * A refusal in the customer's words (by its key, customer-refusal.ts); the page is re-rendered too, so it
 * shows where the payment stands.
 * Anything unexpected is logged and answered with a worded, retryable message: a thrown error would replace
 * the page with the framework's generic error screen, which tells the customer nothing.
 */
function explain(error: unknown, l: Lang, token: string): ActionState {
  const refused = asApiError(error);
  if (!refused) {
    logger.error({ err: error, path: "/pay/[token]" }, "payment page action failed");
    return { error: PAY_MESSAGES[l].errors.unexpected };
  }
  if (TOKEN.test(token)) revalidatePath(`/pay/${token}`);
  return { error: customerRefusal(error, refused, l) };
}

/**
 * The one frame of the hosted payment page's server actions. The token is the customer's whole credential:
 * one that cannot be a payment token is refused (as a closed payment) before anything is read; then `run`
 * gets the token, the page's language and the form. A domain refusal is the customer's words (the page
 * re-rendered to show where the payment stands), anything else is logged and worded as retryable; the
 * framework's redirect passes through. A run that changed the payment re-renders its page.
 */
export function paymentAction<State extends ActionState = ActionState>(
  run: (act: PaymentAct) => Promise<State>,
): (prev: State, form: FormData) => Promise<State> {
  return async (_prev, form) => {
    const token = String(form.get("token") ?? "");
    const lang: Lang = form.get("lang") === "tr" ? "tr" : "en";
    // A refusal is only an error text, which every state of these forms may be.
    if (!TOKEN.test(token)) return explain(DomainError.notFound(refusal("paymentMissing")), lang, token) as State;
    try {
      return await run({ token, lang, form });
    } catch (error) {
      unstable_rethrow(error);
      return explain(error, lang, token) as State;
    }
  };
}

/** After a change the customer's page shows the payment as it now stands. */
export function showChanged(token: string): ActionState {
  revalidatePath(`/pay/${token}`);
  return {};
}
