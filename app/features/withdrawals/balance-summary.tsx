import type { z } from "zod";
import type { balanceSchema } from "@contracts/pages.ts";
import { WithdrawButton } from "./withdraw-button";
import "./balance.css";
import { formatAmount } from "~/lib/format";

type Balance = z.infer<typeof balanceSchema>;

/**
 * The creator's money per currency, from the ledger: available to withdraw, held in withdrawals, earned in total,
 * and Withdraw (docs/decisions/015-withdrawals.md).
 */
export function BalanceSummary({ balances, title = "Balance" }: { balances: Balance[]; title?: string }) {
  return (
    <section aria-label={title} className="balance">
      <h2>{title}</h2>
      {balances.length === 0 ? (
        <p className="empty-state">No earnings yet. Rewards are credited here when a campaign you claimed is evaluated.</p>
      ) : (
        <div className="facts facts-wide balance-currencies">
          {balances.map((balance) => (
            <div key={balance.currency} className="balance-block">
              <dl className="balance-currency">
                <dt>{`Available (${balance.currency})`}</dt>
                <dd>{formatAmount(balance.available, balance.currency)}</dd>
                {balance.pending > 0 ? (
                  <>
                    <dt>Pending commissions</dt>
                    <dd>{formatAmount(balance.pending, balance.currency)}</dd>
                  </>
                ) : null}
                <dt>Held in withdrawals</dt>
                <dd>{formatAmount(balance.held, balance.currency)}</dd>
                <dt>Earned in total</dt>
                <dd>{formatAmount(balance.earned, balance.currency)}</dd>
              </dl>
              <WithdrawButton currency={balance.currency} available={balance.available} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
