import { formatAmount } from "~/lib/format";
import { classNames } from "./class-names";

export type MoneyProps = {
  /** An integer in the currency's smallest unit (micro-USDC, cents), as the ledger holds it. */
  amount: number;
  /** The currency code ("USDC", "EUR"): it says how many decimals the unit has (worker/contracts/currencies.ts). */
  currency: string;
  className?: string;
};

/**
 * An amount of money as the app writes it everywhere: grouped thousands, at most two decimals, the currency after it
 * ("1,234.50 USDC"), by `formatAmount`. The same text on the server and in the browser: no locale or time zone enters.
 */
export function Money({ amount, currency, className }: MoneyProps) {
  return (
    <span className={classNames("ui-money", className)} data-amount={amount} data-currency={currency}>
      {formatAmount(amount, currency)}
    </span>
  );
}
