import { useRef } from "react";
import { useWallets } from "~/lib/queries/wallets";
import { errorText } from "~/lib/error-text";
import { AddWalletForm } from "./add-wallet-form";
import { WalletItem } from "./wallet-item";
import "./wallets.css";
import { Button } from "~/components/ui/button";
import { LoadingStatus } from "~/components/ui/loading-status";

/**
 * The creator's wallets on /profile/settings (anchor `#wallets`): the list with verified badges, adding one, removing
 * one, and verifying one by signing a message, with the browser's wallet when there is one, or elsewhere and pasting
 * the signature. Only verified wallets receive withdrawals (docs/decisions/014-wallets.md).
 */
export function WalletsSection() {
  const wallets = useWallets();
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <section id="wallets" className="card wallets" aria-labelledby="wallets-heading">
      <h2 id="wallets-heading" ref={headingRef} tabIndex={-1}>
        Wallets
      </h2>
      <p className="wallets-intro">
        Withdrawals are paid only to wallets you have verified. To verify one, sign a message with it: this proves the address is yours. It
        costs nothing and sends no transaction.
      </p>

      {wallets.isPending ? (
        <LoadingStatus className="wallets-status">Loading your wallets…</LoadingStatus>
      ) : wallets.isError ? (
        <div className="wallets-problem" role="alert">
          <p>{`Your wallets could not be loaded. ${errorText(wallets.error)}`}</p>
          <Button onClick={() => void wallets.refetch()} disabled={wallets.isFetching} size="small">
            {wallets.isFetching ? "Trying again…" : "Try again"}
          </Button>
        </div>
      ) : wallets.data.length === 0 ? (
        <p className="empty-state">You have no wallets yet. Add one below to receive withdrawals.</p>
      ) : (
        <ul className="wallet-list" aria-label="Your wallets">
          {wallets.data.map((wallet) => (
            <WalletItem key={wallet.id} wallet={wallet} onRemoved={() => headingRef.current?.focus()} />
          ))}
        </ul>
      )}

      <AddWalletForm />
    </section>
  );
}
