import { useEffect, useSyncExternalStore } from "react";
import { useSearchParams } from "react-router";
import { announceWriteAccess } from "./write-access";
import { Button, ButtonLink } from "~/components/ui/button";

const noSubscription = () => () => undefined;

/**
 * Where the write login ends when it ran in a popup: tells the editor that opened it (postMessage to the same
 * origin, and a BroadcastChannel for the app's other tabs) and closes itself. Opened some other way, it just says so.
 */
export function WriteAccessPopup() {
  const [search] = useSearchParams();
  const granted = search.get("login") !== "cancelled";
  const isPopup = useSyncExternalStore(
    noSubscription,
    () => window.opener !== null,
    () => false,
  );

  useEffect(() => {
    announceWriteAccess(granted);
    if (window.opener !== null) window.close();
  }, [granted]);

  return (
    <section className="centered-panel">
      <h1>{granted ? "You're all set" : "Posting was not allowed"}</h1>
      <p>
        {granted
          ? "Chorus can now publish the posts you write. This window closes by itself; your post continues in the editor."
          : "Nothing was changed and nothing was posted. You can close this window."}
      </p>
      {isPopup ? (
        <Button onClick={() => window.close()}>Close this window</Button>
      ) : (
        <ButtonLink to="/?modal_to_open=post-editor" variant="primary">
          Back to Chorus
        </ButtonLink>
      )}
    </section>
  );
}
