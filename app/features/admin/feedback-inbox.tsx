import { useId, useState } from "react";
import { useHandleFeedback, useReadFeedback } from "./api/change-feedback";
import { useFeedback } from "./api/get-feedback";
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

const timeFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A fixed UTC time, so the server's render and the browser's agree. */
function timeText(at: number): string {
  return `${timeFormat.format(at)} UTC`;
}

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
            <time dateTime={new Date(feedback.createdAt).toISOString()} className="muted">
              {timeText(feedback.createdAt)}
            </time>
            {unread ? <span className="badge badge-active">New</span> : null}
            {feedback.handledAt === null ? null : <span className="badge badge-evaluated">Handled</span>}
          </span>
          <span className="admin-feedback-preview">{feedback.content}</span>
        </summary>
        <div className="admin-feedback-body">
          <p className="admin-feedback-content">{feedback.content}</p>
          {feedback.handledAt === null ? (
            <div className="actions admin-actions">
              <button
                type="button"
                className="button button-small button-primary"
                disabled={handle.isPending}
                aria-busy={handle.isPending}
                onClick={() => handle.mutate(feedback.id)}
              >
                {handle.isPending ? "Marking handled…" : "Mark handled"}
              </button>
            </div>
          ) : (
            <p className="small muted">{`Handled by @${feedback.handledBy?.handle ?? "an admin"} on ${timeText(feedback.handledAt)}.`}</p>
          )}
          {read.isError ? <p role="alert" className="notice">{`It could not be marked read: ${failureText(read.error)}`}</p> : null}
          {handle.isError ? <p role="alert" className="notice">{`It was not marked handled: ${failureText(handle.error)}`}</p> : null}
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
  if (feedback.isPending) {
    content = (
      <p role="status" className="admin-state">
        Loading feedback…
      </p>
    );
  } else if (feedback.isLoadingError) {
    content = (
      <div role="alert" className="notice admin-state">
        <p>{`The feedback could not be loaded: ${failureText(feedback.error)}`}</p>
        <button type="button" className="button button-small" onClick={() => void feedback.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (feedback.data.items.length === 0) {
    content = <p className="empty-state">{emptyTexts[status]}</p>;
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
          <button
            key={filter.status}
            type="button"
            className="button button-small"
            aria-pressed={status === filter.status}
            onClick={() => setStatus(filter.status)}
          >
            {`${filter.label} (${countOf(filter.status)})`}
          </button>
        ))}
      </div>
      {feedback.isRefetchError ? (
        <p role="alert" className="notice">{`The list could not be refreshed: ${failureText(feedback.error)}`}</p>
      ) : null}
      {content}
    </section>
  );
}
