import { useId, useState, type FormEvent } from "react";
import { useCancelWithdrawal } from "./api/cancel-withdrawal";
import { useResendWithdrawalCode } from "./api/resend-withdrawal-code";
import { useVerifyWithdrawal } from "./api/verify-withdrawal";
import { ApiRequestError } from "~/lib/api/http-client";
import { useCurrentUser } from "~/lib/current-user";
import { errorText } from "~/lib/error-text";
import { formatAmount } from "~/lib/format";
import type { Withdrawal } from "@contracts/withdrawals.ts";
import { useNow } from "~/lib/use-now";
import { clockText, maskedEmail, shortAddress } from "./withdrawal-text";
import { Button } from "~/components/ui/button";
import { CodeInput } from "~/components/ui/code-input";
import { Field } from "~/components/ui/field";

/** Answers after which this withdrawal takes no more codes: the dialog shows how it ended. */
const finalCodes = new Set([
  "too_many_wrong_codes",
  "withdrawal_cancelled",
  "withdrawal_expired",
  "withdrawal_failed",
  "withdrawal_completed",
  "withdrawal_already_verified",
  "second_factor_changed",
]);

/**
 * The second step: the code from the authenticator app, or the one mailed to the verified e-mail (with Resend, once
 * a minute, counting down), and Cancel, which releases the hold. The field takes the browser's one-time-code autofill.
 */
export function CodeStep(props: {
  withdrawal: Withdrawal;
  codeSent: boolean | null;
  /** When the withdrawal (and its resend countdown) arrived, in this browser's time. */
  receivedAt: number;
  onVerified: (withdrawal: Withdrawal) => void;
  onEnded: (withdrawal: Withdrawal | null, message: string) => void;
}) {
  const { withdrawal } = props;
  const user = useCurrentUser();
  const verify = useVerifyWithdrawal();
  const resend = useResendWithdrawalCode();
  const cancel = useCancelWithdrawal();
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState<string>(
    props.codeSent === false ? "The e-mail with your code could not be sent. Press Resend code to try again." : "",
  );
  const [resendAt, setResendAt] = useState(props.receivedAt + (withdrawal.resendAvailableInSeconds ?? 0) * 1000);
  const now = useNow(true);
  const instructionsId = useId();
  const problemId = useId();
  const mailed = withdrawal.secondFactor === "email";
  const resendIn = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const expiresIn = Math.max(0, (withdrawal.expiresAt - now) / 1000);
  const busy = verify.isPending || cancel.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const typed = code.replace(/[\s-]/g, "");
    if (!/^\d{6}$/.test(typed)) return setProblem("Enter the 6-digit code.");
    setProblem(null);
    verify.mutate(
      { withdrawalId: withdrawal.id, code: typed },
      {
        onSuccess: props.onVerified,
        onError: (error) => {
          const errorCode = error instanceof ApiRequestError ? error.body?.code : undefined;
          if (errorCode !== undefined && finalCodes.has(errorCode)) return props.onEnded(withdrawal, errorText(error));
          setCode("");
          setProblem(errorText(error));
        },
      },
    );
  };

  const sendAgain = () => {
    setProblem(null);
    resend.mutate(withdrawal.id, {
      onSuccess: (updated) => {
        setResendAt(Date.now() + (updated.resendAvailableInSeconds ?? 60) * 1000);
        setAnnouncement("A new code is on its way. The previous code no longer works.");
      },
      onError: (error) => {
        const wait = error instanceof ApiRequestError ? error.body?.retryAfterSeconds : undefined;
        if (wait !== undefined) setResendAt(Date.now() + wait * 1000);
        const errorCode = error instanceof ApiRequestError ? error.body?.code : undefined;
        if (errorCode !== undefined && finalCodes.has(errorCode)) return props.onEnded(withdrawal, errorText(error));
        setProblem(errorText(error));
      },
    });
  };

  const cancelIt = () => {
    setProblem(null);
    cancel.mutate(
      { withdrawalId: withdrawal.id },
      {
        onSuccess: (cancelled) => props.onEnded(cancelled, "Withdrawal cancelled. The amount is back in your available balance."),
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };

  const where = mailed
    ? `We e-mailed a 6-digit code to ${user?.verifiedEmail ? maskedEmail(user.verifiedEmail) : "your verified address"}.`
    : "Open your authenticator app and enter its 6-digit code for Chorus.";
  return (
    <form className="withdraw-form" onSubmit={submit} noValidate>
      <p className="withdraw-summary">
        {`${formatAmount(withdrawal.amount, withdrawal.currency)} to ${shortAddress(withdrawal.wallet.address)} is held for you.`}
      </p>
      <p id={instructionsId}>
        {where} <span className="withdraw-expiry">{`It expires in ${clockText(expiresIn)}.`}</span>
      </p>
      <Field label={mailed ? "Code from the e-mail" : "Code from your authenticator app"}>
        <CodeInput
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-describedby={problem === null ? instructionsId : `${instructionsId} ${problemId}`}
          aria-invalid={problem !== null}
          disabled={busy}
          data-autofocus
        />
      </Field>
      <p className="withdraw-announcement" role="status" aria-live="polite">
        {announcement}
      </p>
      {problem === null ? null : (
        <p id={problemId} className="withdraw-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="withdraw-actions">
        <Button type="submit" variant="primary" disabled={busy && !verify.isPending} busy={verify.isPending} busyLabel="Confirming…">
          Confirm withdrawal
        </Button>
        {mailed ? (
          <Button onClick={sendAgain} disabled={resendIn > 0 || busy} busy={resend.isPending} busyLabel="Sending…">
            {resendIn > 0 ? `Resend code in ${resendIn} s` : "Resend code"}
          </Button>
        ) : null}
        <Button
          variant="quiet"
          className="withdraw-cancel"
          onClick={cancelIt}
          disabled={busy && !cancel.isPending}
          busy={cancel.isPending}
          busyLabel="Cancelling…"
        >
          Cancel withdrawal
        </Button>
      </div>
      <p className="withdraw-hint">Five wrong codes cancel the withdrawal and release the amount.</p>
    </form>
  );
}
