import { useState, type FormEvent } from "react";
import { FormMessage, TextField } from "~/components/settings/form-field";
import { useTurnOffTwoFactor } from "./api/change-two-factor";
import { formErrorsOf } from "./form-errors";
import { unlessLocked } from "./two-factor-lock";

/** Two-factor is on: turning it off asks for a code from the app or a recovery code (which is then used up). */
export function TwoFactorTurnOff({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
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
          <FormMessage error={unlessLocked(turnOff.error, errors.message)} />
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
