import { useWithdrawals } from "./api/get-withdrawals";
import { formatAmount } from "~/lib/format";
import type { Withdrawal } from "@contracts/withdrawals.ts";
import { useRevalidateWhenSettled } from "./use-revalidate-when-settled";
import { shortAddress } from "./withdrawal-text";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

/** What became of the withdrawal, followed live (the list polls while it is pending) until it completes or fails. */
export function OutcomeStep(props: { withdrawal: Withdrawal | null; message: string | null; onClose: () => void }) {
  const history = useWithdrawals({ currency: props.withdrawal?.currency, enabled: props.withdrawal !== null });
  useRevalidateWhenSettled(history.data);
  const current = history.data?.find((item) => item.id === props.withdrawal?.id) ?? props.withdrawal;

  let text: string;
  let tone: "progress" | "success" | "problem";
  if (current === null) {
    text = props.message ?? "This withdrawal has ended.";
    tone = "problem";
  } else {
    const amount = formatAmount(current.amount, current.currency);
    const wallet = shortAddress(current.wallet.address);
    switch (current.status) {
      case "pending":
        text = `Confirmed. ${amount} is on its way to ${wallet}; this takes a few seconds.`;
        tone = "progress";
        break;
      case "completed":
        text = `Done: ${amount} was paid to ${wallet}.`;
        tone = "success";
        break;
      case "failed":
        text = `The payout of ${amount} failed (${current.statusReason ?? "the payout rail could not pay it"}). The amount is back in your available balance.`;
        tone = "problem";
        break;
      case "cancelled":
        text =
          props.message ?? `Withdrawal cancelled (${current.statusReason ?? "cancelled"}). The amount is back in your available balance.`;
        tone = "problem";
        break;
      case "verifying":
        text = props.message ?? "This withdrawal is waiting for its code.";
        tone = "progress";
        break;
    }
  }
  return (
    <div className="withdraw-outcome">
      <p className={`withdraw-outcome-text withdraw-outcome-${tone}`} role="status" aria-live="polite">
        {tone === "progress" ? <Spinner /> : null}
        {text}
      </p>
      <div className="withdraw-actions">
        <Button variant="primary" onClick={props.onClose} data-autofocus>
          Done
        </Button>
      </div>
    </div>
  );
}
