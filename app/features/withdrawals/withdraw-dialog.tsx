import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { Withdrawal } from "@contracts/withdrawals.ts";
import { CodeStep } from "./code-step";
import { OutcomeStep } from "./outcome-step";
import { WithdrawForm } from "./withdraw-form";
import "./withdrawals.css";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.offsetParent !== null || element === document.activeElement,
  );
}

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
 * Withdrawing as a modal dialog (native <dialog> with showModal(): the page behind is inert, Escape closes it, Tab
 * wraps inside): the wallet and amount, then the code, then the outcome followed live. Opened on a withdrawal still
 * waiting for its code (`resume`), it starts at the code step. The opener gets focus back when it closes.
 */
export function WithdrawDialog(props: { currency: string; available: number; resume?: Withdrawal; onClose: () => void }) {
  const { currency, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [step, setStep] = useState<Step>(() =>
    props.resume === undefined ? { kind: "form" } : { kind: "code", withdrawal: props.resume, codeSent: null, receivedAt: Date.now() },
  );

  useEffect(() => {
    const element = dialog.current;
    if (element === null || element.open) return;
    element.showModal();
    return () => {
      if (element.open) element.close();
    };
  }, []);

  // Each step starts with its first field (or its main button) focused.
  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    const first = element.querySelector<HTMLElement>("[data-autofocus]") ?? focusableIn(element)[0];
    first?.focus();
  }, [step.kind]);

  const requestClose = () => dialog.current?.close();

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || dialog.current === null) return;
    const focusable = focusableIn(dialog.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (first === undefined || last === undefined) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog ref={dialog} className="withdraw-dialog" aria-labelledby={titleId} onClose={onClose} onKeyDown={trapTab}>
      <div className="withdraw-frame">
        <header className="withdraw-header">
          <h2 id={titleId}>{step.kind === "form" ? `${titles.form} ${currency}` : titles[step.kind]}</h2>
          <button type="button" className="withdraw-close" aria-label="Close" onClick={requestClose}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
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
          <OutcomeStep withdrawal={step.withdrawal} message={step.message} onClose={requestClose} />
        )}
      </div>
    </dialog>
  );
}
