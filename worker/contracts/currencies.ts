/** Decimal places of each reward currency: amounts are stored as integers of the smallest unit. */
export const currencyDecimals: Record<string, number> = {
  USDC: 6,
  USDT: 6,
  USD: 2,
  EUR: 2,
};

export function decimalsOf(currency: string): number {
  return currencyDecimals[currency] ?? 2;
}
