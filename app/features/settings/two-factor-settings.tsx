import { useState } from "react";
import { twoFactorLockedMessage, type TwoFactorSetup, type UserSettings } from "@contracts/settings.ts";
import { RecoveryCodes } from "./recovery-codes";
import { TwoFactorSetUp } from "./two-factor-set-up";
import { TwoFactorTurnOff } from "./two-factor-turn-off";
import { TwoFactorTurnOn } from "./two-factor-turn-on";
import { useNow } from "~/lib/use-now";
import { Notice } from "~/components/ui/notice";

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
      <TwoFactorSetUp
        setup={setup}
        onApproved={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
        onCancelled={() => setSetup(null)}
      />
    );
  } else if (twoFactor.verified) {
    body = <TwoFactorTurnOff recoveryCodesLeft={twoFactor.recoveryCodesLeft} />;
  } else {
    body = <TwoFactorTurnOn unfinished={twoFactor.enabled} onStarted={setSetup} />;
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
        <Notice tone="danger" announce="alert" className="settings-message">
          {twoFactorLockedMessage(twoFactor.lockedUntil)}
        </Notice>
      ) : null}
      {body}
    </>
  );
}
