import { useState, type FormEvent } from "react";
import { CopyButton } from "~/components/ui/copy-button";
import { CodeInput } from "~/components/ui/code-input";
import { Field } from "~/components/ui/field";
import { FormMessage } from "./form-message";
import type { TwoFactorSetup } from "@contracts/settings.ts";
import { useApproveTwoFactor } from "./api/approve-two-factor";
import { useTurnOffTwoFactor } from "./api/change-two-factor";
import { formErrorsOf } from "~/lib/api/form-errors";
import { unlessLocked } from "./two-factor-lock";
import { Button } from "~/components/ui/button";
import { clearRefusalOnTyping } from "./clear-refusal-on-typing";

/** The secret in groups of four, as authenticator apps show it (they ignore the spaces). */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/** The set-up: scan the QR code (or type the key), then confirm with a code from the app; or cancel it. */
export function TwoFactorSetUp({
  setup,
  onApproved,
  onCancelled,
}: {
  setup: TwoFactorSetup;
  onApproved: (recoveryCodes: string[]) => void;
  onCancelled: () => void;
}) {
  const approve = useApproveTwoFactor();
  const cancel = useTurnOffTwoFactor();
  const [code, setCode] = useState("");
  const errors = formErrorsOf(approve.error ?? cancel.error, { labels: { code: "Code from the app" } });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    approve.mutate(code, { onSuccess: ({ recoveryCodes }) => onApproved(recoveryCodes) });
  }

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-busy={approve.isPending || cancel.isPending}>
      <ol className="settings-steps">
        <li>
          <p>Scan this QR code with your authenticator app.</p>
          <img
            className="settings-qr"
            src={setup.qrCodeDataUrl}
            alt="QR code to add Chorus to your authenticator app"
            width="200"
            height="200"
          />
          <p className="ui-field-hint">Cannot scan it? Add an account by hand in the app and enter this key (time-based):</p>
          <p className="settings-secret-row">
            <code className="settings-secret" data-testid="two-factor-secret">
              {grouped(setup.secret)}
            </code>
            <CopyButton text={setup.secret} label="Copy key" copiedLabel="Key copied" />
          </p>
        </li>
        <li>
          <Field
            id="settings-two-factor-code"
            label="Code from the app"
            hint="Enter the 6-digit code the app shows for Chorus."
            error={errors.fields.code}
          >
            <CodeInput value={code} onChange={clearRefusalOnTyping(setCode, approve)} />
          </Field>
        </li>
      </ol>
      <div className="settings-actions">
        <Button type="submit" variant="primary" disabled={approve.isPending || cancel.isPending}>
          {approve.isPending ? "Checking…" : "Turn on"}
        </Button>
        <Button
          disabled={approve.isPending || cancel.isPending}
          onClick={() => {
            approve.reset();
            cancel.mutate(undefined, { onSuccess: onCancelled });
          }}
        >
          {cancel.isPending ? "Cancelling…" : "Cancel"}
        </Button>
      </div>
      <FormMessage error={unlessLocked(approve.error, errors.message)} />
    </form>
  );
}
