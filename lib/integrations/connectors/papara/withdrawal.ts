import type { GatewayWithdrawalOrder, PaymentOutcome, SubmittedWithdrawal } from "../ports";
import { PartnerCallError } from "../ports";
import { callPapara, lookUpPapara, MASS_PAYMENT_ID_USED, PaparaRefusal, type PaparaResult } from "./client";
import type { PaparaConfig } from "./config";
import { massPaymentRequest, paparaNumberOf } from "./request-mapper";
import { readMassPayment, type PaparaMassPayment } from "./response-mapper";

/**
 * A withdrawal is a Papara mass payment to the customer's Papara number (`POST /masspayment`), with our
 * clientRef as `massPaymentId`, "unique value sent by merchant to prevent erroneous repetition": Papara refuses
 * a reused one (code 133). Papara answers a mass payment once the money has moved, so a created one is paid.
 * Never twice: before creating, `GET /masspayment/byreference` looks for ours; a create that got no answer is
 * "retry", and the retry looks first; a 133 means Papara holds it, resolved by the status inquiry.
 */

function massPaymentOrThrow(result: PaparaResult): PaparaMassPayment | null {
  if (result.kind === "not_found" || result.data === null) return null;
  const found = readMassPayment(result.data);
  if (!found)
    throw new PartnerCallError({ kind: "retry", reason: "Papara answered the mass payment in an unknown shape" });
  return found;
}

/**
 * A lookup: "nothing under this reference" however Papara says it (a 404 or `succeeded: false`) is null, so the
 * mass payment is then created; a refused key is a definite no, since nothing was created yet.
 */
function lookUp(config: PaparaConfig, query: Record<string, string>, path: string): Promise<PaparaMassPayment | null> {
  return lookUpPapara(config, { method: "GET", path, query }).then(massPaymentOrThrow);
}

const byReference = (config: PaparaConfig, clientRef: string) =>
  lookUp(config, { reference: clientRef }, "/masspayment/byreference");
const byId = (config: PaparaConfig, id: string) => lookUp(config, { id }, "/masspayment");

function paid(found: PaparaMassPayment, clientRef: string, amount?: string): PaymentOutcome {
  if (found.massPaymentId !== null && found.massPaymentId !== clientRef)
    throw new PartnerCallError({
      kind: "refused",
      error: { code: "ORDER_MISMATCH", message: "The mass payment at Papara belongs to another order" },
    });
  if (!found.amount || !found.lira || (amount !== undefined && found.amount !== amount))
    throw new PartnerCallError({
      kind: "retry",
      reason: "Papara's mass payment names another amount or currency than ours",
    });
  return { status: "approved", amount: found.amount, partnerReference: found.id };
}

export async function submitWithdrawal(
  config: PaparaConfig,
  order: GatewayWithdrawalOrder,
): Promise<SubmittedWithdrawal> {
  const number = paparaNumberOf(order.account);
  if (!number)
    throw new PartnerCallError({
      kind: "refused",
      error: { code: "INVALID_WALLET_NUMBER", message: "A Papara number is ten digits (PL optional)" },
    });
  const body = massPaymentRequest(order, number);
  if (!body)
    throw new PartnerCallError({
      kind: "refused",
      error: { code: "AMOUNT_NOT_SUPPORTED", message: "Not a TRY amount Papara can carry" },
    });
  const existing = await byReference(config, order.clientRef);
  if (existing) return { gatewayReference: existing.id, settled: paid(existing, order.clientRef, order.amount) };
  let created: PaparaResult;
  try {
    created = await callPapara(config, { method: "POST", path: "/masspayment", body });
  } catch (error) {
    if (error instanceof PaparaRefusal && error.code === MASS_PAYMENT_ID_USED)
      throw new PartnerCallError({ kind: "duplicate" });
    if (error instanceof PaparaRefusal) throw new PartnerCallError({ kind: "refused", error: error.error });
    throw error;
  }
  const done = massPaymentOrThrow(created);
  if (!done) throw new PartnerCallError({ kind: "retry", reason: "Papara answered the mass payment without its id" });
  return { gatewayReference: done.id, settled: paid(done, order.clientRef, order.amount) };
}

export async function inquireWithdrawal(
  config: PaparaConfig,
  clientRef: string,
  massPaymentId: string | null,
): Promise<PaymentOutcome> {
  const found = (massPaymentId ? await byId(config, massPaymentId) : null) ?? (await byReference(config, clientRef));
  return found ? paid(found, clientRef) : { status: "not_found" };
}
