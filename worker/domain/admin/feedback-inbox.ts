import type { Capabilities } from "../../capabilities.ts";
import { FEEDBACK_INBOX_LIMIT, type AdminFeedbackList, type FeedbackChange, type FeedbackStatusFilter } from "../../contracts/admin.ts";
import { notFound } from "../../contracts/errors.ts";
import { recordAudit } from "../../db/audit-log.ts";
import {
  feedbackCountsQuery,
  feedbackInboxQuery,
  findFeedbackInboxItem,
  markFeedbackHandled,
  markFeedbackRead,
} from "../../db/feedback.ts";
import { runBatch } from "../../db/query.ts";

type Deps = Pick<Capabilities, "db" | "clock">;

/** The admins' inbox of what Share Feedback sent: unhandled first, newest first, with the counts of the filters. */
export async function feedbackInbox({ db }: Pick<Capabilities, "db">, status: FeedbackStatusFilter): Promise<AdminFeedbackList> {
  const [items, counts] = await runBatch(db, [feedbackInboxQuery(db, status, FEEDBACK_INBOX_LIMIT), feedbackCountsQuery(db)]);
  return { items, counts };
}

async function changeFeedback(
  { db, clock }: Deps,
  adminUserId: string,
  feedbackId: string,
  action: "admin.feedback.read" | "admin.feedback.handled",
  change: (now: number) => Promise<boolean>,
): Promise<FeedbackChange> {
  const before = await findFeedbackInboxItem(db, feedbackId);
  if (before === null) throw notFound("There is no feedback with this id.");
  const now = clock.now();
  const changed = await change(now);
  if (changed) {
    await recordAudit(db, {
      action,
      actorUserId: adminUserId,
      subjectUserId: before.author.userId,
      outcome: "allowed",
      detail: { feedbackId },
      at: now,
    });
  }
  const feedback = await findFeedbackInboxItem(db, feedbackId);
  if (feedback === null) throw notFound("There is no feedback with this id.");
  return { feedback, changed };
}

/** Opening a message marks it read; reading it again changes nothing (`changed: false`) and is not audited again. */
export function readFeedback(deps: Deps, adminUserId: string, feedbackId: string): Promise<FeedbackChange> {
  return changeFeedback(deps, adminUserId, feedbackId, "admin.feedback.read", (now) => markFeedbackRead(deps.db, feedbackId, now));
}

/** Marks a message handled by this admin; a second call keeps the first admin and time and answers `changed: false`. */
export function handleFeedback(deps: Deps, adminUserId: string, feedbackId: string): Promise<FeedbackChange> {
  return changeFeedback(deps, adminUserId, feedbackId, "admin.feedback.handled", (now) =>
    markFeedbackHandled(deps.db, feedbackId, adminUserId, now),
  );
}
