import { useWithdrawals } from "./api/get-withdrawals";
import { errorText } from "~/lib/error-text";
import { formatAmount, formatDate } from "~/lib/format";
import type { Withdrawal } from "@contracts/withdrawals.ts";
import { useNow } from "~/lib/use-now";
import { useRevalidateWhenSettled } from "./use-revalidate-when-settled";
import { ResumeWithdrawalButton } from "./withdraw-button";
import { shortAddress, withdrawalStatusLabels, withdrawalStatusTones } from "./withdrawal-text";
import "./withdrawals.css";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { LoadingStatus } from "~/components/ui/loading-status";

function WithdrawalItem({ withdrawal, now }: { withdrawal: Withdrawal; now: number }) {
  const waiting = withdrawal.status === "verifying" && withdrawal.expiresAt > now;
  const detail =
    withdrawal.status === "failed" || withdrawal.status === "cancelled"
      ? `${withdrawal.statusReason ?? ""}. The amount went back to your balance.`.replace(/^\. /, "")
      : withdrawal.status === "pending"
        ? "With the payout rail: this takes a few seconds."
        : withdrawal.status === "completed" && withdrawal.settledAt !== null
          ? `Paid on ${formatDate(withdrawal.settledAt)}.`
          : waiting
            ? "Enter the code to confirm it, or it is cancelled after 15 minutes."
            : "";
  return (
    <li className="withdrawal-item" data-withdrawal-id={withdrawal.id} data-status={withdrawal.status}>
      <div className="withdrawal-main">
        <strong>{formatAmount(withdrawal.amount, withdrawal.currency)}</strong>
        <Badge tone={withdrawalStatusTones[withdrawal.status]}>{withdrawalStatusLabels[withdrawal.status]}</Badge>
      </div>
      <p className="withdrawal-meta">
        {`To ${shortAddress(withdrawal.wallet.address)} · requested ${formatDate(withdrawal.createdAt)} · ${
          withdrawal.secondFactor === "authenticator" ? "authenticator code" : "e-mailed code"
        }`}
      </p>
      {detail === "" ? null : <p className="withdrawal-meta">{detail}</p>}
      <ResumeWithdrawalButton withdrawal={withdrawal} waiting={waiting} />
    </li>
  );
}

/**
 * The creator's withdrawals on /profile (anchor `#withdrawals`), newest first, with their statuses; the list polls
 * while one is in flight, so pending turns into completed on its own, and the balance above follows.
 */
export function WithdrawalHistory() {
  const withdrawals = useWithdrawals();
  useRevalidateWhenSettled(withdrawals.data);
  const now = useNow(withdrawals.data?.some((item) => item.status === "verifying") ?? false);
  return (
    <section id="withdrawals" className="withdrawals" aria-labelledby="withdrawals-heading">
      <h2 id="withdrawals-heading">Withdrawals</h2>
      {withdrawals.isPending ? (
        <LoadingStatus>Loading your withdrawals…</LoadingStatus>
      ) : withdrawals.isError ? (
        <div className="withdraw-problem" role="alert">
          <p>{`Your withdrawals could not be loaded. ${errorText(withdrawals.error)}`}</p>
          <Button size="small" onClick={() => void withdrawals.refetch()} busy={withdrawals.isFetching} busyLabel="Trying again…">
            Try again
          </Button>
        </div>
      ) : withdrawals.data.length === 0 ? (
        <p className="empty-state">No withdrawals yet. Use Withdraw in your balance to send money to a verified wallet.</p>
      ) : (
        <ul className="withdrawal-list" aria-label="Your withdrawals">
          {withdrawals.data.map((withdrawal) => (
            <WithdrawalItem key={withdrawal.id} withdrawal={withdrawal} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
