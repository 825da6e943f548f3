import { useId, useRef, useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import { useWithdrawals } from "./api/get-withdrawals";
import { useRequestWithdrawal } from "./api/request-withdrawal";
import { useVerifiedWallets } from "~/lib/queries/wallets";
import { ApiRequestError } from "~/lib/api/http-client";
import { errorText } from "~/lib/error-text";
import { formatAmount } from "~/lib/format";
import { formatUnits, parseDecimalAmount, type Withdrawal, type WithdrawalCreated } from "@contracts/withdrawals.ts";
import { useNow } from "~/lib/use-now";
import { shortAddress } from "./withdrawal-text";
import { minimumWithdrawalOf } from "@contracts/withdrawal-rules.ts";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { TextInput } from "~/components/ui/text-input";
import { Notice } from "~/components/ui/notice";
import { LoadingStatus } from "~/components/ui/loading-status";

const SETTINGS_WALLETS = "/profile/settings#wallets";

/** Refusals that a trip to the settings fixes: the link goes with the message. */
const fixedInSettings = new Set(["second_factor_required", "wallet_not_verified", "wallet_removed"]);

/**
 * The first step of a withdrawal: which verified wallet, and how much (typed as decimal text, turned into integers of
 * the smallest unit without floating point; Max fills in the whole available balance). Submitting holds the amount.
 * One Idempotency-Key per withdrawal meant: a retry of the same request (after a network error, say) sends the same
 * key, so it can never hold twice; changing the wallet or the amount makes it a new request.
 */
export function WithdrawForm(props: {
  currency: string;
  available: number;
  onRequested: (created: WithdrawalCreated) => void;
  onResume: (withdrawal: Withdrawal) => void;
}) {
  const { currency, available } = props;
  const wallets = useVerifiedWallets({ currency });
  const history = useWithdrawals({ currency });
  const request = useRequestWithdrawal();
  const location = useLocation();
  const [walletChoice, setWalletChoice] = useState("");
  const [amountText, setAmountText] = useState("");
  const [problem, setProblem] = useState<{ text: string; settings: boolean } | null>(null);
  const idempotencyKey = useRef<string | null>(null);
  const problemId = useId();

  const minimum = minimumWithdrawalOf(currency);
  const verified = wallets.data ?? [];
  const walletId = verified.some((wallet) => wallet.id === walletChoice) ? walletChoice : (verified[0]?.id ?? "");
  const now = useNow(false);
  const waiting = (history.data ?? []).find((item) => item.status === "verifying" && item.expiresAt > now);

  const changed = () => {
    idempotencyKey.current = null;
    setProblem(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    const parsed = parseDecimalAmount(amountText, currency);
    if (!parsed.ok) return setProblem({ text: parsed.message, settings: false });
    if (parsed.amount < minimum) {
      return setProblem({ text: `The smallest withdrawal is ${formatAmount(minimum, currency)}.`, settings: false });
    }
    if (parsed.amount > available) {
      return setProblem({ text: `You have ${formatAmount(available, currency)} available. Enter at most that.`, settings: false });
    }
    if (walletId === "") return setProblem({ text: "Choose the wallet to pay to.", settings: true });
    idempotencyKey.current ??= crypto.randomUUID();
    request.mutate(
      { walletId, amount: parsed.amount, currency, idempotencyKey: idempotencyKey.current, pagePath: location.pathname },
      {
        onSuccess: (created) => {
          idempotencyKey.current = null;
          props.onRequested(created);
        },
        onError: (error) => {
          const code = error instanceof ApiRequestError ? error.body?.code : undefined;
          // A refusal is final for this request: the next try is a new one.
          if (error instanceof ApiRequestError && error.status < 500) idempotencyKey.current = null;
          setProblem({ text: errorText(error), settings: code !== undefined && fixedInSettings.has(code) });
        },
      },
    );
  };

  if (wallets.isPending) {
    return <LoadingStatus>Loading your wallets…</LoadingStatus>;
  }
  if (wallets.isError) {
    return (
      <div className="withdraw-problem" role="alert">
        <p>{`Your wallets could not be loaded. ${errorText(wallets.error)}`}</p>
        <Button size="small" onClick={() => void wallets.refetch()} busy={wallets.isFetching} busyLabel="Trying again…">
          Try again
        </Button>
      </div>
    );
  }
  if (verified.length === 0) {
    return (
      <div className="withdraw-empty">
        <p>{`You have no verified ${currency} wallet yet. Withdrawals are paid only to wallets you have verified.`}</p>
        <ButtonLink variant="primary" to={SETTINGS_WALLETS}>
          Add and verify a wallet
        </ButtonLink>
      </div>
    );
  }

  const busy = request.isPending;
  return (
    <form className="withdraw-form" onSubmit={submit} noValidate aria-describedby={problem === null ? undefined : problemId}>
      {waiting === undefined ? null : (
        <Notice
          tone="warning"
          announce="none"
          action={
            <Button size="small" onClick={() => props.onResume(waiting)}>
              Enter its code
            </Button>
          }
        >
          {`Your withdrawal of ${formatAmount(waiting.amount, waiting.currency)} is waiting for its code.`}
        </Notice>
      )}
      <Field label="Pay to">
        <Select
          fullWidth
          value={walletId}
          onChange={(event) => {
            setWalletChoice(event.target.value);
            changed();
          }}
          disabled={busy}
          data-autofocus
        >
          {verified.map((wallet) => (
            <option key={wallet.id} value={wallet.id}>
              {`${shortAddress(wallet.address)} (${wallet.type === "evm" ? "EVM" : "Solana"})`}
            </option>
          ))}
        </Select>
      </Field>
      <Link className="small" to={SETTINGS_WALLETS}>
        Manage wallets
      </Link>
      <Field
        label={`Amount (${currency})`}
        hint={`Available: ${formatAmount(available, currency)} · the smallest withdrawal is ${formatAmount(minimum, currency)}.`}
      >
        <div className="withdraw-amount">
          <TextInput
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            placeholder="0.00"
            value={amountText}
            aria-invalid={problem !== null && !problem.settings}
            disabled={busy}
            onChange={(event) => {
              setAmountText(event.target.value);
              changed();
            }}
          />
          <Button
            size="small"
            disabled={busy || available <= 0}
            onClick={() => {
              setAmountText(formatUnits(available, currency));
              changed();
            }}
          >
            Max
          </Button>
        </div>
      </Field>
      {problem === null ? null : (
        <div id={problemId} className="withdraw-problem" role="alert">
          <p>{problem.text}</p>
          {problem.settings ? (
            <Link to={problem.text.includes("wallet") ? SETTINGS_WALLETS : "/profile/settings"}>Open settings</Link>
          ) : null}
        </div>
      )}
      <div className="withdraw-actions">
        <Button type="submit" variant="primary" busy={busy} busyLabel="Holding the amount…">
          Continue
        </Button>
      </div>
      <p className="withdraw-hint">The amount is held at once. Confirm it with your code within 15 minutes, or it is released.</p>
    </form>
  );
}
