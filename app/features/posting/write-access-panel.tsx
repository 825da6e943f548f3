import type { WriteAccessState } from "./write-access";
import { Button } from "~/components/ui/button";

/**
 * Allow posting: why Chorus needs X's permission to post (`problem`, or the standing explanation) and the button that
 * asks X for it, with what happens meanwhile.
 */
export function WriteAccessPanel({
  problem,
  state,
  onRequest,
}: {
  problem: string | null;
  state: WriteAccessState;
  onRequest: () => void;
}) {
  return (
    <div className="post-editor-access" role={problem === null ? undefined : "alert"}>
      <p>{problem ?? "Chorus publishes your posts from your X account, so it needs your permission once. You confirm it on X."}</p>
      <Button variant="primary" size="small" onClick={onRequest} busy={state === "waiting"} busyLabel="Waiting for X…">
        Allow posting
      </Button>
      {state === "waiting" ? (
        <p className="post-editor-hint" role="status">
          Finish in the X window that opened. This editor continues by itself.
        </p>
      ) : null}
      {state === "denied" ? (
        <p className="post-editor-hint" role="status">
          Posting was not allowed on X, so nothing was posted. You can try again.
        </p>
      ) : null}
    </div>
  );
}
