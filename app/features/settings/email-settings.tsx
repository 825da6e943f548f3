import { useState, type FormEvent } from "react";
import { useApproveEmailChange } from "./api/approve-email-change";
import { useRequestEmailChange } from "./api/request-email-change";
import { retryAfterSecondsOf } from "~/lib/api/api-errors";
import { formErrorsOf } from "~/lib/api/form-errors";
import { secondsLeft, useNow } from "~/lib/use-now";
import { ONE_TIME_CODE_RESEND_INTERVAL_MS, type PendingEmail, type UserSettings } from "@contracts/settings.ts";
import { CodeInput } from "~/components/ui/code-input";
import { Field } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { FormMessage } from "./form-message";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { clearRefusalOnTyping } from "./clear-refusal-on-typing";

/** "14:05 UTC". */
function utcTime(at: number): string {
  return `${new Date(at).toISOString().slice(11, 16)} UTC`;
}

/**
 * The e-mail address: request a change (a code and a link go to the new address), then enter the code; the new
 * address becomes the verified one. A change waiting for its code is shown as such, with a resend countdown.
 */
export function EmailSettings({ settings }: { settings: UserSettings }) {
  const [pending, setPending] = useState<PendingEmail | null>(settings.pendingEmail);
  const [changing, setChanging] = useState(false);
  const [confirmed, setConfirmed] = useState<string | null>(null);

  const current =
    settings.verifiedEmail === "" ? (
      <p>You have no e-mail address on Chorus yet. Add one to get notifications and withdrawal codes by e-mail.</p>
    ) : (
      <p>
        Your e-mail address is <strong data-testid="verified-email">{settings.verifiedEmail}</strong> (verified).
      </p>
    );

  if (pending !== null && !changing) {
    return (
      <>
        {current}
        <CodeStep
          pending={pending}
          onPendingChange={setPending}
          onConfirmed={(address) => {
            setConfirmed(address);
            setPending(null);
          }}
          onUseAnotherAddress={() => setChanging(true)}
        />
      </>
    );
  }

  return (
    <>
      {current}
      {confirmed === null ? null : (
        <Notice tone="success" className="settings-message">{`Done: ${confirmed} is now your e-mail address.`}</Notice>
      )}
      <AddressStep
        hasAddress={settings.verifiedEmail !== ""}
        onSent={(next) => {
          setConfirmed(null);
          setPending(next);
          setChanging(false);
        }}
        onCancel={changing ? () => setChanging(false) : null}
      />
    </>
  );
}

function AddressStep({
  hasAddress,
  onSent,
  onCancel,
}: {
  hasAddress: boolean;
  onSent: (pending: PendingEmail) => void;
  onCancel: (() => void) | null;
}) {
  const request = useRequestEmailChange();
  const [email, setEmail] = useState("");
  const errors = formErrorsOf(request.error, { labels: { email: "New e-mail address" } });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate(email, { onSuccess: ({ pendingEmail }) => onSent(pendingEmail) });
  }

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-busy={request.isPending}>
      <Field
        id="settings-new-email"
        label={hasAddress ? "New e-mail address" : "E-mail address"}
        hint="We send a 6-digit code to this address to make sure it is yours."
        error={errors.fields.email}
      >
        <TextInput type="email" autoComplete="email" inputMode="email" value={email} onChange={clearRefusalOnTyping(setEmail, request)} />
      </Field>
      <div className="settings-actions">
        <Button type="submit" variant="primary" disabled={request.isPending}>
          {request.isPending ? "Sending…" : "Send code"}
        </Button>
        {onCancel === null ? null : <Button onClick={onCancel}>Cancel</Button>}
      </div>
      <FormMessage error={errors.message} />
    </form>
  );
}

function CodeStep({
  pending,
  onPendingChange,
  onConfirmed,
  onUseAnotherAddress,
}: {
  pending: PendingEmail;
  onPendingChange: (pending: PendingEmail) => void;
  onConfirmed: (address: string) => void;
  onUseAnotherAddress: () => void;
}) {
  const approve = useApproveEmailChange();
  const resend = useRequestEmailChange();
  const [code, setCode] = useState("");
  const [resent, setResent] = useState(false);
  const [resendAt, setResendAt] = useState(pending.resendAvailableAt);
  const now = useNow(true);
  // The time is read to the second (rounded down): never say more than the full minute.
  const wait = Math.min(secondsLeft(resendAt, now), ONE_TIME_CODE_RESEND_INTERVAL_MS / 1000);
  const expired = pending.expiresAt <= now;
  const errors = formErrorsOf(approve.error ?? resend.error, { labels: { code: "Code" } });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    resend.reset();
    setResent(false);
    approve.mutate(code, { onSuccess: (settings) => onConfirmed(settings.verifiedEmail) });
  }

  function sendAgain() {
    approve.reset();
    setResent(false);
    resend.mutate(pending.address, {
      onSuccess: ({ pendingEmail }) => {
        setCode("");
        setResent(true);
        setResendAt(pendingEmail.resendAvailableAt);
        onPendingChange(pendingEmail);
      },
      onError: (error) => {
        const retryAfter = retryAfterSecondsOf(error);
        if (retryAfter !== null) setResendAt(Date.now() + retryAfter * 1000);
      },
    });
  }

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-busy={approve.isPending || resend.isPending}>
      <p className="settings-pending" data-testid="pending-email">
        Waiting for confirmation: <strong>{pending.address}</strong>
      </p>
      <p>
        {expired
          ? "The code we sent has expired. Send a new one."
          : `We sent a 6-digit code to ${pending.address}. Enter it here, or open the link in the e-mail. It works until ${utcTime(pending.expiresAt)}.`}
      </p>
      <Field id="settings-email-code" label="Code" error={errors.fields.code}>
        <CodeInput value={code} onChange={clearRefusalOnTyping(setCode, approve)} />
      </Field>
      <div className="settings-actions">
        <Button type="submit" variant="primary" disabled={approve.isPending}>
          {approve.isPending ? "Confirming…" : "Confirm address"}
        </Button>
        <Button onClick={sendAgain} disabled={wait > 0 || resend.isPending}>
          {resend.isPending ? "Sending…" : wait > 0 ? `Send a new code (in ${wait} s)` : "Send a new code"}
        </Button>
        <Button variant="link" onClick={onUseAnotherAddress}>
          Use another address
        </Button>
      </div>
      <FormMessage error={errors.message} success={resent ? `We sent a new code to ${pending.address}.` : null} />
    </form>
  );
}
