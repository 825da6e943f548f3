import { useState, type FormEvent } from "react";
import { Field } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { FormMessage } from "./form-message";
import { useTurnOffTwoFactor } from "./api/change-two-factor";
import { formErrorsOf } from "~/lib/api/form-errors";
import { unlessLocked } from "./two-factor-lock";
import { Button } from "~/components/ui/button";
import { clearRefusalOnTyping } from "./clear-refusal-on-typing";

/** Two-factor is on: turning it off asks for a code from the app or a recovery code (which is then used up). */
export function TwoFactorTurnOff({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const turnOff = useTurnOffTwoFactor();
  const [code, setCode] = useState("");
  const [asking, setAsking] = useState(false);
  const errors = formErrorsOf(turnOff.error, { labels: { code: "Code" } });

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
          <Field
            id="settings-two-factor-off-code"
            label="Code"
            hint="The current code from your authenticator app, or one of your recovery codes (it is then used up)."
            error={errors.fields.code}
          >
            <TextInput
              value={code}
              onChange={clearRefusalOnTyping(setCode, turnOff)}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
            />
          </Field>
          <div className="settings-actions">
            <Button type="submit" variant="danger" disabled={turnOff.isPending}>
              {turnOff.isPending ? "Turning off…" : "Turn off"}
            </Button>
            <Button
              onClick={() => {
                turnOff.reset();
                setCode("");
                setAsking(false);
              }}
            >
              Keep it on
            </Button>
          </div>
          <FormMessage error={unlessLocked(turnOff.error, errors.message)} />
        </form>
      ) : (
        <div className="settings-actions">
          <Button onClick={() => setAsking(true)}>Turn off two-factor authentication</Button>
        </div>
      )}
    </>
  );
}
