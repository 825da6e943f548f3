import { z } from "zod";
import { queryAll } from "./query.ts";

const feedbackRowSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    content: z.string(),
    page_path: z.string().nullable(),
    created_at: z.number(),
  })
  .transform((row) => ({
    id: row.id,
    userId: row.user_id,
    content: row.content,
    pagePath: row.page_path,
    createdAt: row.created_at,
  }));
export type Feedback = z.infer<typeof feedbackRowSchema>;

/** The admins' feedback inbox: one row per message sent from the editor in feedback mode. */
export function insertFeedbackStatement(db: D1Database, feedback: Feedback) {
  return db
    .prepare(`INSERT INTO feedback (id, user_id, content, page_path, created_at) VALUES (?, ?, ?, ?, ?)`)
    .bind(feedback.id, feedback.userId, feedback.content, feedback.pagePath, feedback.createdAt);
}

/** Newest first, for the admins' inbox. */
export function listFeedback(db: D1Database, limit = 100): Promise<Feedback[]> {
  return queryAll(db.prepare(`SELECT * FROM feedback ORDER BY created_at DESC, id LIMIT ?`).bind(limit), feedbackRowSchema);
}
