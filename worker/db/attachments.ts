import { z } from "zod";
import { attachmentContentTypeSchema } from "../contracts/posts.ts";
import { queryAll } from "./query.ts";
import type { Database } from "../database.ts";

const attachmentRowSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    post_id: z.string().nullable(),
    r2_key: z.string(),
    content_type: attachmentContentTypeSchema,
    size_bytes: z.number().int(),
    created_at: z.number(),
  })
  .transform((row) => ({
    id: row.id,
    userId: row.user_id,
    postId: row.post_id,
    r2Key: row.r2_key,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    createdAt: row.created_at,
  }));
export type StoredAttachment = z.infer<typeof attachmentRowSchema>;

export function findAttachments(db: Database, ids: readonly string[]): Promise<StoredAttachment[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryAll(
    db.prepare(`SELECT * FROM post_attachments WHERE id IN (SELECT value FROM json_each(?))`).bind(JSON.stringify(ids)),
    attachmentRowSchema,
  );
}

export function listAttachmentsOfPost(db: Database, postId: string): Promise<StoredAttachment[]> {
  return queryAll(db.prepare(`SELECT * FROM post_attachments WHERE post_id = ? ORDER BY created_at, id`).bind(postId), attachmentRowSchema);
}

/**
 * Gives the still-unused attachments among `ids` to a post, in one statement, so two posts can never both take the
 * same image. Returns how many were taken; fewer than asked means another post took one first.
 */
export async function claimAttachments(db: Database, postId: string, userId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .prepare(
      `UPDATE post_attachments SET post_id = ?
       WHERE id IN (SELECT value FROM json_each(?)) AND user_id = ? AND post_id IS NULL`,
    )
    .bind(postId, JSON.stringify(ids), userId)
    .run();
  return result.meta.changes;
}

/** Frees the attachments of a post that was not published, so they can be used again. */
export function releaseAttachmentsStatement(db: Database, postId: string) {
  return db.prepare(`UPDATE post_attachments SET post_id = NULL WHERE post_id = ?`).bind(postId);
}

/**
 * Records an upload unless the creator already has `quota` unused ones since `since`. The count and the insert are
 * one statement, so parallel uploads cannot all pass a count taken before any of them was written. Returns whether
 * it was recorded.
 */
export async function insertAttachmentWithinQuota(
  db: Database,
  attachment: StoredAttachment,
  quota: { max: number; since: number },
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO post_attachments (id, user_id, post_id, r2_key, content_type, size_bytes, created_at)
       SELECT ?1, ?2, NULL, ?3, ?4, ?5, ?6
       WHERE (SELECT COUNT(*) FROM post_attachments WHERE user_id = ?2 AND post_id IS NULL AND created_at > ?7) < ?8`,
    )
    .bind(
      attachment.id,
      attachment.userId,
      attachment.r2Key,
      attachment.contentType,
      attachment.sizeBytes,
      attachment.createdAt,
      quota.since,
      quota.max,
    )
    .run();
  return result.meta.changes > 0;
}

/** Forgets an upload whose bytes could not be stored. */
export async function deleteUnusedAttachment(db: Database, attachmentId: string): Promise<void> {
  await db.prepare(`DELETE FROM post_attachments WHERE id = ? AND post_id IS NULL`).bind(attachmentId).run();
}

/**
 * Deletes up to `limit` uploads no post uses that were made at or before `before`, oldest first, and answers their
 * R2 keys. The row goes first and only while still unused, so a post claiming the upload meanwhile keeps it.
 */
export async function deleteUnusedAttachmentsBefore(db: Database, before: number, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      `DELETE FROM post_attachments WHERE id IN (
         SELECT id FROM post_attachments WHERE post_id IS NULL AND created_at <= ? ORDER BY created_at LIMIT ?
       ) AND post_id IS NULL RETURNING r2_key`,
    )
    .bind(before, limit)
    .all<{ r2_key: string }>();
  return results.map((row) => row.r2_key);
}
