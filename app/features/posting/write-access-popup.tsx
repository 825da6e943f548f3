import { useEffect, useSyncExternalStore } from "react";
import { Link, useSearchParams } from "react-router";
import { announceWriteAccess } from "./write-access";

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
        <button type="button" className="button" onClick={() => window.close()}>
          Close this window
        </button>
      ) : (
        <Link to="/?modal_to_open=post-editor" className="button button-primary">
          Back to Chorus
        </Link>
      )}
    </section>
  );
}
