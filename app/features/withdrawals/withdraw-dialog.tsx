import { useEffect, useRef, useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import { initialFocusIn } from "~/components/ui/focus-trap";
import type { Withdrawal } from "@contracts/withdrawals.ts";
import { CodeStep } from "./code-step";
import { OutcomeStep } from "./outcome-step";
import { WithdrawForm } from "./withdraw-form";
import "./withdrawals.css";

type Step =
  | { kind: "form" }
  | { kind: "code"; withdrawal: Withdrawal; codeSent: boolean | null; receivedAt: number }
  | { kind: "outcome"; withdrawal: Withdrawal | null; message: string | null };

const titles: Record<Step["kind"], string> = {
  form: "Withdraw",
  code: "Confirm your withdrawal",
  outcome: "Your withdrawal",
};

/**
 * Withdrawing in the kit's modal dialog: the wallet and amount, then the code, then the outcome followed live. Opened on a withdrawal still
 * waiting for its code (`resume`), it starts at the code step. The opener gets focus back when it closes.
 */
export function WithdrawDialog(props: { currency: string; available: number; resume?: Withdrawal; onClose: () => void }) {
  const { currency, onClose } = props;
  const [step, setStep] = useState<Step>(() =>
    props.resume === undefined ? { kind: "form" } : { kind: "code", withdrawal: props.resume, codeSent: null, receivedAt: Date.now() },
  );

  // Each later step starts with its first field (or its main button) focused; the Dialog focuses the first step's.
  const steps = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step.kind);
  useEffect(() => {
    if (shownStep.current === step.kind || steps.current === null) return;
    shownStep.current = step.kind;
    initialFocusIn(steps.current)?.focus();
  }, [step.kind]);

  return (
    <Dialog
      open
      onClose={onClose}
      title={step.kind === "form" ? `${titles.form} ${currency}` : titles[step.kind]}
      size="small"
      phoneLayout="full-screen"
      className="withdraw-dialog"
    >
      <div ref={steps}>
        {step.kind === "form" ? (
          <WithdrawForm
            currency={currency}
            available={props.available}
            onRequested={(created) =>
              setStep({ kind: "code", withdrawal: created.withdrawal, codeSent: created.codeSent, receivedAt: Date.now() })
            }
            onResume={(withdrawal) => setStep({ kind: "code", withdrawal, codeSent: null, receivedAt: Date.now() })}
          />
        ) : step.kind === "code" ? (
          <CodeStep
            key={step.withdrawal.id}
            withdrawal={step.withdrawal}
            codeSent={step.codeSent}
            receivedAt={step.receivedAt}
            onVerified={(withdrawal) => setStep({ kind: "outcome", withdrawal, message: null })}
            onEnded={(withdrawal, message) => setStep({ kind: "outcome", withdrawal, message })}
          />
        ) : (
          <OutcomeStep withdrawal={step.withdrawal} message={step.message} onClose={onClose} />
        )}
      </div>
    </Dialog>
  );
}
