import {
  PartnerCallError,
  type CardOrderRef,
  type OrderLookup,
  type PartnerAck,
  type PaymentOutcome,
  type ReturnContext,
  type Unverified,
  type VerifiedOutcome,
} from "./ports";

/**
 * What the banks' hosted pages share about the customer's browser coming back (EST-style and GVP-style returns
 * alike): the answer to the browser, a refusal, and what an unsigned return gets. The wiring sends the customer on
 * to our final page (303) whatever the connector made of the return, so a forger learns nothing from the answer.
 */
export const RETURN_ACK: PartnerAck = { status: 200, contentType: "text/plain; charset=utf-8", body: "OK" };

export function unverifiedReturn(reason: string): Unverified {
  return { ok: false, reason, ack: RETURN_ACK };
}

/**
 * An unsigned return (a bank posts one when its 3-D step errs; anyone can post one) proves nothing: the bank itself is
 * asked about the order, at most once a minute per payment (`mayAskPartner`), and its own answer applies. An approval
 * the answer cannot give a signed 3-D Secure level is the inquiry's to judge (approvalOfUnsigned3D), as when the
 * return never came: withholding the signed return cannot hide a half 3-D charge.
 */
export async function verifyUnsignedReturn<Config>(
  bank: string,
  config: Config,
  orderId: string,
  lookup: OrderLookup,
  context: ReturnContext,
  inquire: (config: Config, order: CardOrderRef) => Promise<PaymentOutcome>,
): Promise<VerifiedOutcome | Unverified> {
  const order = orderId ? await lookup(orderId) : null;
  if (!order) return unverifiedReturn(`unsigned ${bank} return for an unknown order`);
  if (context.mayAskPartner && !(await context.mayAskPartner()))
    return unverifiedReturn(
      `unsigned ${bank} return, and the bank was asked about this payment less than a minute ago`,
    );
  try {
    return { ok: true, orderId: order.orderId, outcome: await inquire(config, order), ack: RETURN_ACK };
  } catch (error) {
    if (error instanceof PartnerCallError)
      return unverifiedReturn(`unsigned ${bank} return, and the bank could not confirm it: ${error.message}`);
    throw error;
  }
}
