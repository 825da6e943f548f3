import { useEffect, useId, useRef, useState } from "react";
import { useRemoveWallet } from "./api/remove-wallet";
import { useStartWalletVerification } from "./api/start-verification";
import { errorText } from "~/lib/error-text";
import { notifySuccess } from "~/lib/toast";
import { walletTypeInfos, type Wallet } from "@contracts/wallets.ts";
import { VerifyPanel } from "./verify-panel";

const labels = new Map(walletTypeInfos.map((info) => [info.type, info.label]));

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium" });

/** One wallet: its type, currency and address, whether it is verified, and its actions. */
export function WalletItem({ wallet, onRemoved }: { wallet: Wallet; onRemoved: () => void }) {
  const titleId = useId();
  const panelId = useId();
  const confirmId = useId();
  const [verifying, setVerifying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const start = useStartWalletVerification();
  const remove = useRemoveWallet();
  const removeButton = useRef<HTMLButtonElement>(null);
  const verifyButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const title = `${labels.get(wallet.type) ?? wallet.type} · ${wallet.currency}`;

  useEffect(() => {
    if (confirming) keepButton.current?.focus();
  }, [confirming]);

  function openVerification() {
    setVerifying(true);
    setConfirming(false);
    start.mutate(wallet.id);
  }

  function closeVerification() {
    setVerifying(false);
    start.reset();
    verifyButton.current?.focus();
  }

  function cancelRemoval() {
    setConfirming(false);
    remove.reset();
    removeButton.current?.focus();
  }

  function confirmRemoval() {
    remove.mutate(wallet.id, {
      onSuccess: () => {
        notifySuccess("Wallet removed.");
        onRemoved();
      },
    });
  }

  return (
    <li className="wallet-item" aria-labelledby={titleId}>
      <div className="wallet-item-header">
        <h3 id={titleId} className="wallet-item-title">
          {title}
        </h3>
        {wallet.verified ? (
          <span className="badge badge-verified">Verified</span>
        ) : (
          <span className="badge badge-unverified">Not verified</span>
        )}
      </div>
      <code className="wallet-address">{wallet.address}</code>
      {wallet.verifiedAt !== null ? (
        <p className="wallet-meta">{`Verified on ${dateFormat.format(wallet.verifiedAt)}. Withdrawals can be sent here.`}</p>
      ) : (
        <p className="wallet-meta">Verify this wallet to receive withdrawals in it.</p>
      )}

      <div className="wallet-actions">
        {!wallet.verified ? (
          <button
            ref={verifyButton}
            type="button"
            className="button button-small button-primary"
            aria-expanded={verifying}
            aria-controls={verifying ? panelId : undefined}
            onClick={verifying ? closeVerification : openVerification}
          >
            {verifying ? "Close verification" : "Verify"}
            <span className="wallets-visually-hidden">{` ${title}`}</span>
          </button>
        ) : null}
        <button
          ref={removeButton}
          type="button"
          className="button button-small"
          aria-expanded={confirming}
          aria-controls={confirming ? confirmId : undefined}
          onClick={() => (confirming ? cancelRemoval() : setConfirming(true))}
          disabled={remove.isPending}
        >
          Remove
          <span className="wallets-visually-hidden">{` ${title}`}</span>
        </button>
      </div>

      {confirming ? (
        <div id={confirmId} className="wallet-confirm" role="group" aria-label={`Remove ${title}`}>
          <p>Remove this wallet? Withdrawals can no longer be sent to it. You can add it again later.</p>
          <div className="wallet-actions">
            <button
              type="button"
              className="button button-small button-danger"
              onClick={confirmRemoval}
              disabled={remove.isPending}
              aria-busy={remove.isPending}
            >
              {remove.isPending ? "Removing…" : "Remove wallet"}
            </button>
            <button ref={keepButton} type="button" className="button button-small" onClick={cancelRemoval} disabled={remove.isPending}>
              Keep it
            </button>
          </div>
          {remove.isError ? (
            <p className="form-error" role="alert">
              {errorText(remove.error)}
            </p>
          ) : null}
        </div>
      ) : null}

      {verifying ? (
        <VerifyPanel
          id={panelId}
          wallet={wallet}
          start={start}
          onRestart={() => start.mutate(wallet.id)}
          onVerified={() => {
            setVerifying(false);
            notifySuccess("Wallet verified. It can now receive withdrawals.");
            removeButton.current?.focus();
          }}
          onCancel={closeVerification}
        />
      ) : null}
    </li>
  );
}
