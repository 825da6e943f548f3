import type { UserSettings } from "@contracts/settings.ts";
import { BlueskyHandleForm } from "~/components/bluesky-sign-in";
import { ButtonLink } from "~/components/ui/button";

/**
 * The creator's accounts on X and Bluesky: the handle of each one linked, and a way to link the other. Linking
 * proves both: the Chorus session here, and the network's own sign-in for the account; it comes back here.
 */
export function LinkedAccounts({ settings }: { settings: UserSettings }) {
  const handleOn = (network: "x" | "bluesky") => settings.linkedAccounts.find((account) => account.network === network)?.handle;
  const xHandle = handleOn("x");
  const blueskyHandle = handleOn("bluesky");
  return (
    <div className="linked-accounts">
      <h3>X</h3>
      {xHandle === undefined ? (
        <>
          <p>Link your X account to post to X through Chorus and to sign in with it. You will confirm on X.</p>
          <ButtonLink to="/auth/twitter/link/login" reloadDocument variant="secondary">
            Link X account
          </ButtonLink>
        </>
      ) : (
        <p>{`Linked: @${xHandle}`}</p>
      )}
      <h3>Bluesky</h3>
      {blueskyHandle === undefined ? (
        <div className="bluesky-link">
          <p>
            Link your Bluesky account to post to Bluesky through Chorus and to sign in with it. You will confirm on Bluesky; Chorus may then
            publish and delete posts for you and upload their images, nothing else.
          </p>
          <BlueskyHandleForm action="/auth/bluesky/link" label="Link Bluesky account" idPrefix="link-bluesky" />
        </div>
      ) : (
        <p>{`Linked: @${blueskyHandle}`}</p>
      )}
    </div>
  );
}
