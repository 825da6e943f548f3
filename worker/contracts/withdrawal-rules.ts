import { currencyDecimals, decimalsOf } from "./currencies.ts";

/**
 * The rules of money out that pages apply before any request (docs/decisions/014-wallets.md, 015-withdrawals.md):
 * which currencies a wallet can receive, the smallest withdrawal, which withdrawals are still moving. Free of any
 * schema library, so the dashboard's Withdraw button and the withdrawal history render without one; wallets.ts and
 * withdrawals.ts build their schemas on these words.
 */

export const WALLET_TYPES = ["evm", "solana"] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

/**
 * The reward currencies each type of address can receive: the stablecoins, which exist on Ethereum (and its EVM
 * chains) and on Solana. USD and EUR are fiat: no blockchain address receives them.
 */
export const WALLET_CURRENCIES: Readonly<Record<WalletType, readonly string[]>> = {
  evm: ["USDC", "USDT"],
  solana: ["USDC", "USDT"],
};
for (const currencies of Object.values(WALLET_CURRENCIES)) {
  for (const currency of currencies) {
    if (!(currency in currencyDecimals)) throw new Error(`Wallet currency ${currency} is not a reward currency`);
  }
}

/** verifying → pending → completed | failed; verifying → cancelled (creator, 5 wrong codes, or 15 minutes). */
export const withdrawalStatuses = ["verifying", "pending", "completed", "failed", "cancelled"] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** Still moving: the browser polls while one of these is on screen. */
export const inFlightWithdrawalStatuses = ["verifying", "pending"] as const satisfies readonly WithdrawalStatus[];
export function isInFlight(status: WithdrawalStatus): boolean {
  return (inFlightWithdrawalStatuses as readonly WithdrawalStatus[]).includes(status);
}

/** The smallest withdrawal: one whole unit of the currency (1.00 USDC = 1,000,000 of its smallest unit). */
export function minimumWithdrawalOf(currency: string): number {
  return 10 ** decimalsOf(currency);
}
