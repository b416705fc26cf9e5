/** The sandbox's exchange rates, TRY per coin, with how many decimals each coin is quoted in. */
const RATES: Record<string, { tryPerCoin: string; decimals: number }> = {
  USDT: { tryPerCoin: "34.25", decimals: 2 },
  TRX: { tryPerCoin: "7.40", decimals: 2 },
  ETH: { tryPerCoin: "112000.00", decimals: 6 },
  BTC: { tryPerCoin: "3350000.00", decimals: 8 },
};

const cents = (decimal: string) => BigInt(decimal.replace(".", ""));

/** The exact coin amount for a TRY amount, rounded up so the merchant is never short. */
export function coinAmount(cryptoType: string, tryAmount: string): string {
  const coin = cryptoType.toUpperCase().split("-")[0]!;
  const rate = RATES[coin] ?? RATES.USDT!;
  const scale = 10n ** BigInt(rate.decimals);
  const numerator = cents(tryAmount) * scale;
  const denominator = cents(rate.tryPerCoin);
  const units = (numerator + denominator - 1n) / denominator;
  const whole = units / scale;
  const fraction = (units % scale).toString().padStart(rate.decimals, "0");
  return `${whole}.${fraction}`;
}
