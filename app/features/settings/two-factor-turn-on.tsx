import { FormMessage } from "./form-message";
import type { TwoFactorSetup } from "@contracts/settings.ts";
import { useStartTwoFactorSetup, useTurnOffTwoFactor } from "./api/change-two-factor";
import { formErrorsOf } from "~/lib/api/form-errors";
import { Button } from "~/components/ui/button";

/** Turning two-factor on starts a set-up (a new secret); an unfinished set-up can be started again or cancelled. */
export function TwoFactorTurnOn({ unfinished, onStarted }: { unfinished: boolean; onStarted: (setup: TwoFactorSetup) => void }) {
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
        <Button
          variant="primary"
          disabled={start.isPending}
          onClick={() => {
            cancel.reset();
            start.mutate(undefined, { onSuccess: onStarted });
          }}
        >
          {start.isPending ? "Preparing…" : unfinishedBefore ? "Start again" : "Turn on two-factor authentication"}
        </Button>
        {unfinishedBefore ? (
          <Button
            disabled={cancel.isPending}
            onClick={() => {
              start.reset();
              cancel.mutate(undefined);
            }}
          >
            {cancel.isPending ? "Cancelling…" : "Cancel set-up"}
          </Button>
        ) : null}
      </div>
      <FormMessage error={errors.message} />
    </div>
  );
}
