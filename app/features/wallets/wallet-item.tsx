import { useEffect, useId, useRef, useState } from "react";
import { useRemoveWallet } from "./api/remove-wallet";
import { useStartWalletVerification } from "./api/start-verification";
import { errorText } from "~/lib/error-text";
import { formatDate } from "~/lib/format";
import { notifySuccess } from "~/lib/toast";
import { walletTypeInfos, type Wallet } from "@contracts/wallets.ts";
import { VerifyPanel } from "./verify-panel";
import { Button } from "~/components/ui/button";
import { Badge } from "~/components/ui/badge";
import { Notice } from "~/components/ui/notice";

const labels = new Map(walletTypeInfos.map((info) => [info.type, info.label]));

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
        {wallet.verified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not verified</Badge>}
      </div>
      <code className="wallet-address">{wallet.address}</code>
      {wallet.verifiedAt !== null ? (
        <p className="wallet-meta">{`Verified on ${formatDate(wallet.verifiedAt)}. Withdrawals can be sent here.`}</p>
      ) : (
        <p className="wallet-meta">Verify this wallet to receive withdrawals in it.</p>
      )}

      <div className="wallet-actions">
        {!wallet.verified ? (
          <Button
            variant="primary"
            ref={verifyButton}
            aria-expanded={verifying}
            aria-controls={verifying ? panelId : undefined}
            onClick={verifying ? closeVerification : openVerification}
            size="small"
          >
            {verifying ? "Close verification" : "Verify"}
            <span className="ui-visually-hidden">{` ${title}`}</span>
          </Button>
        ) : null}
        <Button
          ref={removeButton}
          aria-expanded={confirming}
          aria-controls={confirming ? confirmId : undefined}
          onClick={() => (confirming ? cancelRemoval() : setConfirming(true))}
          disabled={remove.isPending}
          size="small"
        >
          Remove
          <span className="ui-visually-hidden">{` ${title}`}</span>
        </Button>
      </div>

      {confirming ? (
        <div id={confirmId} className="wallet-confirm" role="group" aria-label={`Remove ${title}`}>
          <p>Remove this wallet? Withdrawals can no longer be sent to it. You can add it again later.</p>
          <div className="wallet-actions">
            <Button variant="danger" onClick={confirmRemoval} disabled={remove.isPending} aria-busy={remove.isPending} size="small">
              {remove.isPending ? "Removing…" : "Remove wallet"}
            </Button>
            <Button ref={keepButton} onClick={cancelRemoval} disabled={remove.isPending} size="small">
              Keep it
            </Button>
          </div>
          {remove.isError ? (
            <Notice tone="danger" announce="alert">
              {errorText(remove.error)}
            </Notice>
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
