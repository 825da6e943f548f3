import { z } from "zod";
import type { AdminFeedback, FeedbackStatusFilter } from "../contracts/admin.ts";
import { allRows, firstRow, mapQuery, queryFirst, type Query } from "./query.ts";
import type { Database } from "../database.ts";

/** A message sent from the editor in feedback mode, as the editor's use case writes it. */
export type Feedback = { id: string; userId: string; content: string; pagePath: string | null; createdAt: number };

/** The admins' feedback inbox: one row per message sent from the editor in feedback mode. */
export function insertFeedbackStatement(db: Database, feedback: Feedback) {
  return db
    .prepare(`INSERT INTO feedback (id, user_id, content, page_path, created_at) VALUES (?, ?, ?, ?, ?)`)
    .bind(feedback.id, feedback.userId, feedback.content, feedback.pagePath, feedback.createdAt);
}

const inboxRowSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    author_handle: z.string(),
    content: z.string(),
    page_path: z.string().nullable(),
    created_at: z.number().int(),
    read_at: z.number().int().nullable(),
    handled_at: z.number().int().nullable(),
    handled_by: z.string().nullable(),
    handled_by_handle: z.string().nullable(),
  })
  .transform((row): AdminFeedback => ({
    id: row.id,
    author: { userId: row.user_id, handle: row.author_handle },
    content: row.content,
    pagePath: row.page_path,
    createdAt: row.created_at,
    readAt: row.read_at,
    handledAt: row.handled_at,
    handledBy: row.handled_by === null ? null : { userId: row.handled_by, handle: row.handled_by_handle ?? row.handled_by },
  }));

const inboxSelect = `SELECT f.id, f.user_id, author.handle AS author_handle, f.content, f.page_path, f.created_at, f.read_at,
         f.handled_at, f.handled_by, handler.handle AS handled_by_handle
  FROM feedback f
  JOIN users author ON author.id = f.user_id
  LEFT JOIN users handler ON handler.id = f.handled_by`;

/*
 * Each filter reads the index feedback_inbox ((handled_at IS NOT NULL), created_at DESC, id) (migration 0039) in its
 * order and stops at the LIMIT: the conditions are written with the index's own expression, and "all" walks its two
 * values in order (open first).
 */
const inboxFilters: Record<FeedbackStatusFilter, { where: string; order: string }> = {
  open: { where: "(f.handled_at IS NOT NULL) = 0", order: "f.created_at DESC, f.id" },
  handled: { where: "(f.handled_at IS NOT NULL) = 1", order: "f.created_at DESC, f.id" },
  all: { where: "(f.handled_at IS NOT NULL) IN (0, 1)", order: "f.handled_at IS NOT NULL, f.created_at DESC, f.id" },
};

/** The inbox with the authors' handles: unhandled first, then newest first. */
export function feedbackInboxQuery(db: Database, status: FeedbackStatusFilter, limit: number): Query<AdminFeedback[]> {
  const filter = inboxFilters[status];
  return allRows(db.prepare(`${inboxSelect} WHERE ${filter.where} ORDER BY ${filter.order} LIMIT ?`).bind(limit), inboxRowSchema);
}

export function findFeedbackInboxItem(db: Database, feedbackId: string): Promise<AdminFeedback | null> {
  return queryFirst(db.prepare(`${inboxSelect} WHERE f.id = ?`).bind(feedbackId), inboxRowSchema);
}

const countsSchema = z.object({ open: z.number().int().nullable(), handled: z.number().int().nullable() });

/** How many messages are open and handled, over the whole inbox: the one row migration 0039 keeps. */
export function feedbackCountsQuery(db: Database): Query<{ open: number; handled: number }> {
  return mapQuery(firstRow(db.prepare(`SELECT open, handled FROM feedback_counts WHERE id = 1`), countsSchema), (counts) => ({
    open: counts?.open ?? 0,
    handled: counts?.handled ?? 0,
  }));
}

/** Marks a message read; false when it was read already (its first read time stays) or does not exist. */
export async function markFeedbackRead(db: Database, feedbackId: string, now: number): Promise<boolean> {
  const result = await db.prepare(`UPDATE feedback SET read_at = ? WHERE id = ? AND read_at IS NULL`).bind(now, feedbackId).run();
  return result.meta.changes > 0;
}

/**
 * Marks a message handled by an admin (and read, if nobody had opened it); false when it was handled already, which
 * keeps who handled it first and when.
 */
export async function markFeedbackHandled(db: Database, feedbackId: string, adminUserId: string, now: number): Promise<boolean> {
  const result = await db
    .prepare(`UPDATE feedback SET handled_at = ?1, handled_by = ?2, read_at = COALESCE(read_at, ?1) WHERE id = ?3 AND handled_at IS NULL`)
    .bind(now, adminUserId, feedbackId)
    .run();
  return result.meta.changes > 0;
}
