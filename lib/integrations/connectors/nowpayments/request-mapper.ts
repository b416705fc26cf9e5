import type { GatewayDepositOrder, GatewayWithdrawalOrder } from "../ports";
import { PartnerCallError } from "../ports";
import { jsonNumberOf, truncateDecimal } from "../amount-format";

/**
 * Our orders in NOWPayments' wire format. Their tickers name the coin and its chain in one word
 * ("usdttrc20"); ours are the crypto_type values of the API ("USDT-TRC20").
 */
const PAY_CURRENCIES: Record<string, { ticker: string; network: string }> = {
  "USDT-TRC20": { ticker: "usdttrc20", network: "TRC20" },
  "USDT-ERC20": { ticker: "usdterc20", network: "ERC20" },
  TRX: { ticker: "trx", network: "TRX" },
  ETH: { ticker: "eth", network: "ETH" },
  BTC: { ticker: "btc", network: "BTC" },
};

export const SUPPORTED_CRYPTO_TYPES = Object.keys(PAY_CURRENCIES);

/** Our crypto type as NOWPayments' ticker; an unsupported one is a definite no before any call. */
export function payCurrencyOf(cryptoType: string | undefined): { ticker: string; network: string } {
  const entry = cryptoType ? PAY_CURRENCIES[cryptoType.toUpperCase()] : undefined;
  if (!entry) {
    throw new PartnerCallError({
      kind: "refused",
      error: {
        code: "UNSUPPORTED_CRYPTO_TYPE",
        message: `Crypto type ${cryptoType ?? "(none)"} is not offered through NOWPayments`,
      },
    });
  }
  return entry;
}

/** Our fiat currency as NOWPayments writes it ("TRY" -> "try"). */
export const priceCurrencyOf = (currency: string) => currency.toLowerCase();

/**
 * POST /v1/payment. price_amount is a JSON number in their API; a two-place decimal converts exactly to the
 * nearest double and back, so nothing is lost. order_id is our clientRef: every IPN and status answer
 * carries it back and is checked against it. `case` is sent to the sandbox only (config.ts).
 */
export function createPaymentBody(order: GatewayDepositOrder, sandboxCase: string | null = null) {
  const { ticker } = payCurrencyOf(order.cryptoType);
  return {
    price_amount: jsonNumberOf(order.amount),
    price_currency: priceCurrencyOf(order.currency),
    pay_currency: ticker,
    ipn_callback_url: order.notifyUrl,
    order_id: order.clientRef,
    order_description: `Deposit ${order.clientRef}`,
    ...(sandboxCase ? { case: sandboxCase } : {}),
  };
}

/** The wallet a withdrawal pays: the API's crypto_type and wallet_address account fields. */
export function payoutTarget(order: Pick<GatewayWithdrawalOrder, "account">): {
  ticker: string;
  address: string;
  extraId: string | null;
} {
  const { ticker } = payCurrencyOf(order.account.crypto_type ?? order.account.cryptoType);
  const address = order.account.wallet_address ?? order.account.address;
  if (!address)
    throw new PartnerCallError({
      kind: "refused",
      error: { code: "MISSING_WALLET_ADDRESS", message: "The withdrawal names no wallet address" },
    });
  return { ticker, address, extraId: order.account.extra_id ?? null };
}

/** NOWPayments takes at most six decimals on a payout; we round down so we never send more than ordered. */
export const PAYOUT_DECIMALS = 6;

export function payoutCoinAmount(estimatedAmount: string): string {
  return truncateDecimal(estimatedAmount, PAYOUT_DECIMALS);
}

/**
 * POST /v1/payout: one withdrawal per batch, so a batch's verification and status are this order's.
 * unique_external_id is our clientRef (how a retry finds the payout it already created);
 * payout_description keeps the fiat amount we converted, so a status answer can be read in our currency.
 */
export function createPayoutBody(order: GatewayWithdrawalOrder, coinAmount: string) {
  const target = payoutTarget(order);
  return {
    ipn_callback_url: order.notifyUrl,
    payout_description: payoutDescription(order),
    withdrawals: [
      {
        address: target.address,
        currency: target.ticker,
        amount: jsonNumberOf(coinAmount),
        ipn_callback_url: order.notifyUrl,
        unique_external_id: order.clientRef,
        ...(target.extraId ? { extra_id: target.extraId } : {}),
      },
    ],
  };
}

const DESCRIPTION = /^(?<ref>\S+) (?<amount>\d+\.\d{2}) (?<currency>[A-Z]{3})$/;

export function payoutDescription(order: { clientRef: string; amount: string; currency: string }): string {
  return `${order.clientRef} ${truncateDecimal(order.amount, 2)} ${order.currency.toUpperCase()}`;
}

/** Our own description read back: which order and which fiat amount a payout is for. */
export function readPayoutDescription(text: unknown): { clientRef: string; amount: string; currency: string } | null {
  const match = typeof text === "string" ? DESCRIPTION.exec(text) : null;
  return match?.groups
    ? { clientRef: match.groups.ref!, amount: match.groups.amount!, currency: match.groups.currency! }
    : null;
}
