import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { failureText } from "~/lib/failure-text";

/** The part of a query an admin section needs before it has data. */
type PendingQuery = { isPending: boolean; error: Error | null; refetch: () => Promise<unknown> };

/**
 * What an admin section shows while its query has no data: `loading` as a status, or, once the first load failed,
 * `failed` and why, with "Try again".
 */
export function QueryState({ query, loading, failed }: { query: PendingQuery; loading: string; failed: string }) {
  if (query.isPending || query.error === null) {
    return (
      <p role="status" className="admin-state">
        {loading}
      </p>
    );
  }
  return (
    <Notice
      tone="danger"
      announce="alert"
      className="admin-state"
      action={
        <Button size="small" onClick={() => void query.refetch()}>
          Try again
        </Button>
      }
    >
      <p>{`${failed}: ${failureText(query.error)}`}</p>
    </Notice>
  );
}
