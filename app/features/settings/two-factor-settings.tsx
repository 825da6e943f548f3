import { useState, type FormEvent } from "react";
import { useApproveTwoFactor } from "./api/approve-two-factor";
import { useStartTwoFactorSetup, useTurnOffTwoFactor } from "./api/change-two-factor";
import { errorCodeOf, formErrorsOf } from "./form-errors";
import { useNow } from "./use-now";
import { twoFactorLockedMessage, type TwoFactorSetup, type UserSettings } from "@contracts/settings.ts";
import { CopyButton } from "~/components/settings/copy-button";
import { FormMessage, SixDigitCodeField, TextField } from "~/components/settings/form-field";
import { RecoveryCodes } from "./recovery-codes";

/** A lock is said once, above the forms, from the settings (refetched after every refusal). */
const LOCKED = "two_factor_locked";

/** The secret in groups of four, as authenticator apps show it (they ignore the spaces). */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * Two-factor authentication with an authenticator app: turn on (QR code or key, then a code), the recovery codes shown
 * once, and turning off with a code or a recovery code. Too many wrong codes lock the checks for 15 minutes.
 */
export function TwoFactorSettings({ settings }: { settings: UserSettings }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const { twoFactor } = settings;
  const now = useNow(twoFactor.lockedUntil !== null);
  const locked = twoFactor.lockedUntil !== null && twoFactor.lockedUntil > now;

  // The steps in this page come first: the settings turn "verified" before the approval's answer is handled here.
  let body;
  if (recoveryCodes !== null) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (setup !== null) {
    body = (
      <SetUp
        setup={setup}
        onApproved={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
        onCancelled={() => setSetup(null)}
      />
    );
  } else if (twoFactor.verified) {
    body = <TurnOff recoveryCodesLeft={twoFactor.recoveryCodesLeft} />;
  } else {
    body = <TurnOn unfinished={twoFactor.enabled} onStarted={setSetup} />;
  }

  return (
    <>
      <p data-testid="two-factor-state">
        {twoFactor.verified ? (
          <>
            Two-factor authentication is <strong>on</strong>.
          </>
        ) : (
          <>
            Two-factor authentication is <strong>off</strong>.
          </>
        )}
      </p>
      {locked && twoFactor.lockedUntil !== null ? (
        <p role="alert" className="form-error settings-message">
          {twoFactorLockedMessage(twoFactor.lockedUntil)}
        </p>
      ) : null}
      {body}
    </>
  );
}

function TurnOn({ unfinished, onStarted }: { unfinished: boolean; onStarted: (setup: TwoFactorSetup) => void }) {
  const start = useStartTwoFactorSetup();
  const cancel = useTurnOffTwoFactor();
  const errors = formErrorsOf(start.error ?? cancel.error);
  // While a set-up starts, the settings already say "being set up": that is this one, not an unfinished one.
  const unfinishedBefore = unfinished && !start.isPending && !start.isSuccess;
  return (
    <div className="settings-form" aria-busy={start.isPending || cancel.isPending}>
      <p>
        {unfinishedBefore
          ? "You started setting up an authenticator app but did not finish. Start again to get a new QR code."
          : "Protect your withdrawals with a code from an authenticator app (Google Authenticator, 1Password, Authy, or any other) instead of a code by e-mail."}
      </p>
      <div className="settings-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={start.isPending}
          onClick={() => {
            cancel.reset();
            start.mutate(undefined, { onSuccess: onStarted });
          }}
        >
          {start.isPending ? "Preparing…" : unfinishedBefore ? "Start again" : "Turn on two-factor authentication"}
        </button>
        {unfinishedBefore ? (
          <button
            type="button"
            className="button"
            disabled={cancel.isPending}
            onClick={() => {
              start.reset();
              cancel.mutate(undefined);
            }}
          >
            {cancel.isPending ? "Cancelling…" : "Cancel set-up"}
          </button>
        ) : null}
      </div>
      <FormMessage error={errors.message} />
    </div>
  );
}

function SetUp({
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
  const errors = formErrorsOf(approve.error ?? cancel.error, { code: "Code from the app" });

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
          <p className="settings-hint">Cannot scan it? Add an account by hand in the app and enter this key (time-based):</p>
          <p className="settings-secret-row">
            <code className="settings-secret" data-testid="two-factor-secret">
              {grouped(setup.secret)}
            </code>
            <CopyButton text={setup.secret} label="Copy key" copiedLabel="Key copied" />
          </p>
        </li>
        <li>
          <SixDigitCodeField
            id="settings-two-factor-code"
            label="Code from the app"
            hint="Enter the 6-digit code the app shows for Chorus."
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              if (approve.isError) approve.reset();
            }}
            error={errors.fields.code}
          />
        </li>
      </ol>
      <div className="settings-actions">
        <button type="submit" className="button button-primary" disabled={approve.isPending || cancel.isPending}>
          {approve.isPending ? "Checking…" : "Turn on"}
        </button>
        <button
          type="button"
          className="button"
          disabled={approve.isPending || cancel.isPending}
          onClick={() => {
            approve.reset();
            cancel.mutate(undefined, { onSuccess: onCancelled });
          }}
        >
          {cancel.isPending ? "Cancelling…" : "Cancel"}
        </button>
      </div>
      <FormMessage error={errorCodeOf(approve.error) === LOCKED ? null : errors.message} />
    </form>
  );
}

function TurnOff({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const turnOff = useTurnOffTwoFactor();
  const [code, setCode] = useState("");
  const [asking, setAsking] = useState(false);
  const errors = formErrorsOf(turnOff.error, { code: "Code" });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    turnOff.mutate(code);
  }

  return (
    <>
      <p>
        Withdrawals ask for a code from your authenticator app.{" "}
        {`You have ${recoveryCodesLeft} unused recovery ${recoveryCodesLeft === 1 ? "code" : "codes"}.`}
      </p>
      {asking ? (
        <form className="settings-form" onSubmit={submit} noValidate aria-busy={turnOff.isPending}>
          <TextField
            id="settings-two-factor-off-code"
            label="Code"
            hint="The current code from your authenticator app, or one of your recovery codes (it is then used up)."
            className="settings-code-input settings-code-input-wide"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              if (turnOff.isError) turnOff.reset();
            }}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            error={errors.fields.code}
          />
          <div className="settings-actions">
            <button type="submit" className="button button-danger" disabled={turnOff.isPending}>
              {turnOff.isPending ? "Turning off…" : "Turn off"}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                turnOff.reset();
                setCode("");
                setAsking(false);
              }}
            >
              Keep it on
            </button>
          </div>
          <FormMessage error={errorCodeOf(turnOff.error) === LOCKED ? null : errors.message} />
        </form>
      ) : (
        <div className="settings-actions">
          <button type="button" className="button" onClick={() => setAsking(true)}>
            Turn off two-factor authentication
          </button>
        </div>
      )}
    </>
  );
}
