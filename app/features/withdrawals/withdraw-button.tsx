import { lazy, Suspense, useRef, useState, type ComponentProps } from "react";
import { analyticsAttributes } from "~/lib/analytics/click-attributes";
import { formatAmount } from "~/lib/format";
import { Button } from "~/components/ui/button";
import type { Withdrawal } from "@contracts/withdrawals.ts";
import { minimumWithdrawalOf, WALLET_CURRENCIES } from "@contracts/withdrawal-rules.ts";

// The dialog (its forms, the withdrawal and wallet calls, its styles) loads when first opened, not with the balance.
const WithdrawDialog = lazy(() => import("./withdraw-dialog").then(({ WithdrawDialog }) => ({ default: WithdrawDialog })));

/** The dialog once its code has arrived; meanwhile a line that says it is on its way. */
function LoadingWithdrawDialog(props: ComponentProps<typeof WithdrawDialog>) {
  return (
    <Suspense
      fallback={
        <p className="withdraw-hint" role="status">
          Opening…
        </p>
      }
    >
      <WithdrawDialog {...props} />
    </Suspense>
  );
}

/** Currencies some wallet type can receive (the stablecoins); fiat balances have no wallet to go to yet. */
const withdrawable = new Set(Object.values(WALLET_CURRENCIES).flat());

/** "Withdraw" for one currency of the balance: opens the withdrawal dialog; focus returns here when it closes. */
export function WithdrawButton(props: { currency: string; available: number }) {
  const { currency, available } = props;
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const minimum = minimumWithdrawalOf(currency);
  const enough = available >= minimum;
  if (!withdrawable.has(currency)) return <p className="withdraw-hint">{`${currency} cannot be withdrawn to a wallet yet.`}</p>;
  return (
    <div className="withdraw-entry">
      <Button
        ref={opener}
        variant="primary"
        size="small"
        aria-haspopup="dialog"
        aria-label={`Withdraw ${currency}`}
        disabled={!enough}
        {...analyticsAttributes("withdraw_clicked", "withdraw", { currency })}
        onClick={() => setOpen(true)}
      >
        Withdraw
      </Button>
      {enough ? null : <p className="withdraw-hint">{`Withdrawals start at ${formatAmount(minimum, currency)}.`}</p>}
      {open ? (
        <LoadingWithdrawDialog
          currency={currency}
          available={available}
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * "Enter code" for a withdrawal of the history still waiting for its code (`waiting`). Its dialog stays open after the
 * withdrawal moves on (verified, cancelled), to show how it ended.
 */
export function ResumeWithdrawalButton(props: { withdrawal: Withdrawal; waiting: boolean }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (!props.waiting && !open) return null;
  return (
    <>
      {props.waiting ? (
        <Button ref={opener} size="small" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          Enter code
        </Button>
      ) : null}
      {open ? (
        <LoadingWithdrawDialog
          currency={props.withdrawal.currency}
          available={0}
          resume={props.withdrawal}
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
