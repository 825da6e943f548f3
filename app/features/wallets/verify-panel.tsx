import { useId, useRef, useState, type FormEvent } from "react";
import { errorCodeOf } from "~/lib/api/api-errors";
import { formErrorsOf } from "~/lib/api/form-errors";
import { useCompleteWalletVerification } from "./api/complete-verification";
import type { useStartWalletVerification } from "./api/start-verification";
import { BrowserWalletError, injectedWalletFor } from "./browser-wallets";
import { errorText } from "~/lib/error-text";
import type { Wallet } from "@contracts/wallets.ts";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { Textarea } from "~/components/ui/textarea";
import { LoadingStatus } from "~/components/ui/loading-status";
import { formatClockTime } from "./clock-time";

/** Answers after which this message cannot be used any more: a new one is needed. */
const NEEDS_NEW_MESSAGE = new Set(["challenge_expired", "challenge_used", "no_challenge", "unknown_nonce", "message_mismatch"]);

const instructions = {
  evm: "Sign it as a personal message (personal_sign, “Sign message” in most wallets) with the account shown above, then paste the signature (0x…).",
  solana: "Sign it with your Solana wallet's “Sign message” using the account shown above, then paste the signature (base58 or base64).",
} as const;

type Props = {
  id: string;
  wallet: Wallet;
  start: ReturnType<typeof useStartWalletVerification>;
  onRestart: () => void;
  onVerified: () => void;
  onCancel: () => void;
};

/**
 * Verifying one wallet: the one-time message, signed by the browser's wallet when one is injected, or copied, signed
 * elsewhere and the signature pasted back. The server checks the signature.
 */
export function VerifyPanel({ id, wallet, start, onRestart, onVerified, onCancel }: Props) {
  const complete = useCompleteWalletVerification();
  const [signature, setSignature] = useState("");
  const [walletBusy, setWalletBusy] = useState(false);
  const [walletError, setWalletError] = useState<string | null>(null);
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const messageId = useId();
  const signatureErrorId = useId();
  const copyStatusId = useId();
  // Read once the panel opens (after a click, so never during server rendering).
  const [injected] = useState(() => injectedWalletFor(wallet.type));

  const challenge = start.data;
  const busy = walletBusy || complete.isPending;
  const signatureError = formErrorsOf(complete.error).fields.signature;
  const code = errorCodeOf(complete.error);
  const needsNewMessage = code !== undefined && NEEDS_NEW_MESSAGE.has(code);
  const generalError = complete.isError && signatureError === undefined ? errorText(complete.error) : walletError;

  function verify(signatureText: string) {
    if (challenge === undefined) return;
    complete.mutate({ walletId: wallet.id, nonce: challenge.nonce, signature: signatureText }, { onSuccess: onVerified });
  }

  async function signInBrowser() {
    if (injected === null || challenge === undefined) return;
    setWalletError(null);
    complete.reset();
    setWalletBusy(true);
    try {
      const signed = await injected.sign(wallet.address, challenge.message);
      setWalletBusy(false);
      verify(signed);
    } catch (error) {
      setWalletBusy(false);
      setWalletError(error instanceof BrowserWalletError ? error.message : "Your wallet could not sign the message. Try again.");
    }
  }

  function submitPasted(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setWalletError(null);
    verify(signature.trim());
  }

  async function copyMessage() {
    if (challenge === undefined) return;
    try {
      await navigator.clipboard.writeText(challenge.message);
      setCopied("copied");
    } catch {
      messageRef.current?.select();
      setCopied("failed");
    }
  }

  function restart() {
    complete.reset();
    setWalletError(null);
    setSignature("");
    setCopied(null);
    onRestart();
  }

  if (start.isPending) {
    return (
      <div id={id} className="wallet-verify">
        <LoadingStatus className="wallets-status">Preparing the message to sign…</LoadingStatus>
      </div>
    );
  }

  if (start.isError || challenge === undefined) {
    return (
      <div id={id} className="wallet-verify">
        <div className="wallets-problem" role="alert">
          <p>{start.isError ? errorText(start.error) : "The message to sign could not be made."}</p>
        </div>
        <div className="wallet-actions">
          <Button onClick={onRestart} size="small">
            Try again
          </Button>
          <Button onClick={onCancel} size="small">
            Cancel
          </Button>
        </div>
      </div>
    );
  }

  const manual = (
    <div className="wallet-manual">
      <div className="wallet-message-field">
        <Field label="Message to sign" id={messageId}>
          <Textarea
            ref={messageRef}
            fullWidth
            className="wallet-message"
            readOnly
            value={challenge.message}
            rows={11}
            spellCheck={false}
            aria-describedby={copyStatusId}
            onFocus={(event) => event.currentTarget.select()}
          />
        </Field>
        <Button onClick={() => void copyMessage()} aria-describedby={copyStatusId} size="small">
          Copy message
        </Button>
        <p id={copyStatusId} className="wallet-hint" role="status">
          {copied === "copied"
            ? "Copied. "
            : copied === "failed"
              ? "Copying is blocked here: the message is selected, copy it with Ctrl+C or ⌘C. "
              : ""}
          {instructions[wallet.type]}
        </p>
      </div>
      <form className="wallet-signature-form" onSubmit={submitPasted} noValidate>
        <Field label="Signature">
          <Textarea
            fullWidth
            className="wallet-signature"
            value={signature}
            rows={3}
            spellCheck={false}
            autoComplete="off"
            autoCapitalize="off"
            onChange={(event) => {
              setSignature(event.currentTarget.value);
              if (signatureError !== undefined) complete.reset();
            }}
            aria-invalid={signatureError !== undefined}
            aria-describedby={signatureError !== undefined ? signatureErrorId : undefined}
            readOnly={busy}
          />
        </Field>
        {signatureError !== undefined ? (
          <div id={signatureErrorId}>
            <Notice tone="danger" announce="alert">
              {signatureError}
            </Notice>
          </div>
        ) : null}
        <div className="wallet-actions">
          <Button type="submit" variant="primary" disabled={busy || signature.trim() === ""} aria-busy={complete.isPending}>
            {complete.isPending && !walletBusy ? "Checking the signature…" : "Verify signature"}
          </Button>
        </div>
      </form>
    </div>
  );

  return (
    <div id={id} className="wallet-verify" aria-label="Verify this wallet" role="region">
      <p className="wallet-verify-lead">
        {`Sign this message with the wallet of this address. It can be used once, until ${formatClockTime(challenge.expiresAt)}.`}
      </p>

      {injected !== null ? (
        <div className="wallet-actions">
          <Button variant="primary" onClick={() => void signInBrowser()} disabled={busy} aria-busy={busy}>
            {walletBusy ? "Confirm in your wallet…" : complete.isPending ? "Checking the signature…" : `Sign with ${injected.name}`}
          </Button>
        </div>
      ) : null}

      {generalError !== null ? (
        <div className="wallets-problem" role="alert">
          <p>{generalError}</p>
          {needsNewMessage ? (
            <Button onClick={restart} size="small">
              Get a new message
            </Button>
          ) : null}
        </div>
      ) : null}

      {injected !== null ? (
        <details className="wallet-elsewhere">
          <summary>Sign on another device or app instead</summary>
          {manual}
        </details>
      ) : (
        manual
      )}

      <div className="wallet-actions">
        <Button onClick={onCancel} size="small">
          Cancel
        </Button>
      </div>
    </div>
  );
}
