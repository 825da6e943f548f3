import { networkAccounts, signInPath } from "@contracts/networks/accounts.ts";
import { networks } from "@contracts/networks/ids.ts";
import type { UserSettings } from "@contracts/settings.ts";
import { HandleSignInForm } from "~/components/handle-sign-in";
import { networkLogos } from "~/components/network-logos";
import { ButtonLink } from "~/components/ui/button";

/**
 * The creator's accounts on each network: the handle of each one linked, and a way to link the others. Linking
 * proves both: the Chorus session here, and the network's own sign-in for the account; it comes back here.
 */
export function LinkedAccounts({ settings }: { settings: UserSettings }) {
  return (
    <div className="linked-accounts">
      {networks.map((network) => {
        const accounts = networkAccounts[network];
        const handle = settings.linkedAccounts.find((account) => account.network === network)?.handle;
        const linkPath = signInPath(network, "link");
        return (
          <section key={network} aria-labelledby={`linked-${network}`}>
            <h3 id={`linked-${network}`}>{accounts.name}</h3>
            {handle !== undefined ? (
              <p>{`Linked: @${handle}`}</p>
            ) : (
              <>
                <p>
                  {`Link your ${accounts.name} account to post to ${accounts.name} through Chorus and to sign in with it. You will confirm on ${accounts.name}; Chorus may then publish and delete posts for you and upload their images, nothing else.`}
                </p>
                {accounts.signIn.asksForHandle ? (
                  <HandleSignInForm
                    networkName={accounts.name}
                    handleExample={accounts.signIn.handleExample}
                    label={`Link ${accounts.name} account`}
                    icon={networkLogos[network]}
                    idPrefix={`link-${network}`}
                    hrefFor={(typed) => `${linkPath}?${new URLSearchParams({ handle: typed }).toString()}`}
                  />
                ) : (
                  <ButtonLink to={linkPath} reloadDocument variant="secondary" icon={networkLogos[network]}>
                    {`Link ${accounts.name} account`}
                  </ButtonLink>
                )}
              </>
            )}
          </section>
        );
      })}
    </div>
  );
}
