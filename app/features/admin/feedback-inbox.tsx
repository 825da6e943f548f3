import { useId, useState } from "react";
import { useHandleFeedback, useReadFeedback } from "./api/change-feedback";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import { Notice } from "~/components/ui/notice";
import { useFeedback } from "./api/get-feedback";
import { QueryState } from "./query-state";
import { failureText } from "~/lib/failure-text";
import type { AdminFeedback, AdminFeedbackList, FeedbackStatusFilter } from "@contracts/admin.ts";

const filters: Array<{ status: FeedbackStatusFilter; label: string }> = [
  { status: "open", label: "Open" },
  { status: "handled", label: "Handled" },
  { status: "all", label: "All" },
];

const emptyTexts: Record<FeedbackStatusFilter, string> = {
  open: "No open feedback: everything creators sent has been handled.",
  handled: "No feedback has been marked handled yet.",
  all: "No feedback yet. Creators send it with Share Feedback in the menu.",
};

function FeedbackItem({ feedback }: { feedback: AdminFeedback }) {
  const read = useReadFeedback();
  const handle = useHandleFeedback();
  const unread = feedback.readAt === null;
  return (
    <li
      className={`admin-feedback${unread ? " is-unread" : ""}${feedback.handledAt === null ? "" : " is-handled"}`}
      data-testid="feedback-item"
    >
      <details
        onToggle={(event) => {
          if (event.currentTarget.open && unread && !read.isPending) read.mutate(feedback.id);
        }}
      >
        <summary>
          <span className="admin-feedback-meta">
            <strong>{`@${feedback.author.handle}`}</strong>
            <span className="muted">{` on ${feedback.pagePath ?? "an unknown page"} · `}</span>
            <DateTime value={feedback.createdAt} format="date-time" className="muted" />
            {unread ? <Badge tone="info">New</Badge> : null}
            {feedback.handledAt === null ? null : <Badge>Handled</Badge>}
          </span>
          <span className="admin-feedback-preview">{feedback.content}</span>
        </summary>
        <div className="admin-feedback-body">
          <p className="admin-feedback-content">{feedback.content}</p>
          {feedback.handledAt === null ? (
            <div className="actions admin-actions">
              <Button
                size="small"
                variant="primary"
                busy={handle.isPending}
                busyLabel="Marking handled…"
                onClick={() => handle.mutate(feedback.id)}
              >
                Mark handled
              </Button>
            </div>
          ) : (
            <p className="small muted">
              {`Handled by @${feedback.handledBy?.handle ?? "an admin"} on `}
              <DateTime value={feedback.handledAt} format="date-time" />.
            </p>
          )}
          {read.isError ? (
            <Notice tone="danger" announce="alert">{`It could not be marked read: ${failureText(read.error)}`}</Notice>
          ) : null}
          {handle.isError ? (
            <Notice tone="danger" announce="alert">{`It was not marked handled: ${failureText(handle.error)}`}</Notice>
          ) : null}
        </div>
      </details>
    </li>
  );
}

/** The inbox of Share Feedback: a filter (open, handled, all) and the messages; opening one marks it read. */
export function FeedbackInbox({ initialOpen }: { initialOpen: AdminFeedbackList }) {
  const [status, setStatus] = useState<FeedbackStatusFilter>("open");
  const feedback = useFeedback(status, status === "open" ? initialOpen : undefined);
  const headingId = useId();
  const counts = feedback.data?.counts ?? initialOpen.counts;
  const countOf = (filter: FeedbackStatusFilter) => (filter === "all" ? counts.open + counts.handled : counts[filter]);

  let content: React.ReactNode;
  if (feedback.isPending || feedback.isLoadingError) {
    content = <QueryState query={feedback} loading="Loading feedback…" failed="The feedback could not be loaded" />;
  } else if (feedback.data.items.length === 0) {
    content = <EmptyState headingLevel={3} title={emptyTexts[status]} />;
  } else {
    content = (
      <ul className="admin-feedback-list" aria-labelledby={headingId} aria-busy={feedback.isFetching}>
        {feedback.data.items.map((item) => (
          <FeedbackItem key={item.id} feedback={item} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className="admin-section">
      <h2 id={headingId}>Feedback inbox</h2>
      <div role="group" aria-label="Show feedback" className="admin-filter">
        {filters.map((filter) => (
          <Button
            key={filter.status}
            size="small"
            variant={status === filter.status ? "primary" : "secondary"}
            aria-pressed={status === filter.status}
            onClick={() => setStatus(filter.status)}
          >
            {`${filter.label} (${countOf(filter.status)})`}
          </Button>
        ))}
      </div>
      {feedback.isRefetchError ? (
        <Notice tone="danger" announce="alert">{`The list could not be refreshed: ${failureText(feedback.error)}`}</Notice>
      ) : null}
      {content}
    </section>
  );
}
