/** Card payments left pending this long fail with error_code TIMEOUT (decisions §5). */
export const CARD_TIMEOUT_MS = 15 * 60 * 1000;

export { MAX_CARD_ATTEMPTS } from "@/lib/domain/payment-methods/credit-card/method";
